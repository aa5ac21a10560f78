/**
 * Amounts travel as integer pence and are written two ways:
 * - receipts and amounts charged or paid (payments, earnings, payouts): pounds and pence, `formatMoney` ("£45.00");
 *   a price display drops a whole '.00', `formatPrice` ("£45");
 * - estimates (costs, bills, savings, grants): whole pounds, `formatPounds` ("£4,015"), and a range of
 *   them one way everywhere, `formatPoundRange` ("£4,000 – £6,000").
 */

/**
 * Receipts and amounts charged: the currency symbol (a pound sign for GBP, else the currency code),
 * the whole part with thousands separators, a point and two digits; price displays drop a whole '.00'.
 */
export function formatMoney(pence: number, currency = 'GBP', opts: { dropWholeZeros?: boolean } = {}): string {
  const symbol = currency.toUpperCase() === 'GBP' ? '£' : `${currency.toUpperCase()} `;
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  const whole = groupThousands(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  if (opts.dropWholeZeros && cents === '00') return `${sign}${symbol}${whole}`;
  return `${sign}${symbol}${whole}.${cents}`;
}

/** Getting Started and every price display: whole pounds drop '.00'. */
export const formatPrice = (pence: number) => formatMoney(pence, 'GBP', { dropWholeZeros: true });

/** 1234567 -> "1,234,567". Grouped by hand: toLocaleString depends on the ICU data the Node build carries. */
export function groupThousands(whole: number): string {
  const digits = String(Math.trunc(Math.abs(whole)));
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return (whole < 0 ? '-' : '') + groups.join(',');
}

/**
 * An estimate in whole pounds with thousands separators: 401500 -> "£4,015", -12000 -> "-£120".
 * Pence add nothing to an estimate, so they are rounded away.
 */
export function formatPounds(pence: number): string {
  const pounds = Math.round(pence / 100);
  // Math.round can give -0, which must read "£0", not "-£0".
  return `${pounds < 0 ? '-' : ''}£${groupThousands(Math.abs(pounds))}`;
}

/** The one way a range of amounts is written: an en dash with a space either side. */
const RANGE_SEPARATOR = ' – ';

/**
 * A range of estimates, written one way everywhere: "£4,000 – £6,000". Ends given the wrong way
 * round are put in order, and ends that read the same in whole pounds show one amount ("£1,000").
 */
export function formatPoundRange(lowPence: number, highPence: number): string {
  const low = formatPounds(Math.min(lowPence, highPence));
  const high = formatPounds(Math.max(lowPence, highPence));
  return low === high ? low : `${low}${RANGE_SEPARATOR}${high}`;
}

/** A cost as a range in pence; one amount is a range whose ends agree. */
export interface CostRange {
  low: number;
  high: number;
}

/**
 * One amount in pounds, or two joined by a dash or "to": "£4,000", "4000", "£2.50", "GBP 100"
 * (a stray "Â" from a mis-encoded '£' is tolerated). Written out in full rather than built from a
 * shared piece so the linter can check it; no two neighbouring quantifiers can take the same
 * character, so matching stays linear however many blanks a file holds.
 */
const RANGE =
  /^(?:Â?£|GBP)?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?(?:\s*(?:-|–|—|to)\s*(?:(?:Â?£|GBP)\s*)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?)?$/i;
/** A lodged cost is a few words; anything longer is not a cost, whatever it contains. */
const MAX_COST_TEXT = 100;

const toPence = (whole: string, fraction: string | undefined) =>
  Number(whole.replace(/,/g, '')) * 100 + (fraction ? Math.round(Number(fraction) * 100) : 0);

/**
 * The indicative cost as lodged (or as typed, or a total this product wrote), to a range in
 * pence: "£4,000 - £6,000", "£4,000 – £6,000", "£15 - £30", "£100" (low = high), "2000"
 * (hand-made fixtures omit the pound sign). Anything else ("Not applicable", free text) is no
 * range: null, not a guess. Kept here, not on the server, so the web app reads costs the same way.
 */
export function parseCostRange(lodged: string | null | undefined): CostRange | null {
  const text = (lodged ?? '').trim();
  const match = text.length <= MAX_COST_TEXT ? RANGE.exec(text) : null;
  if (!match) return null;
  const first = toPence(match[1], match[2]);
  const second = match[3] === undefined ? first : toPence(match[3], match[4]);
  return { low: Math.min(first, second), high: Math.max(first, second) };
}

/**
 * A cost as lodged or typed, in the one money format wherever it reads as an amount or a range:
 * "£100 - £350" -> "£100 – £350", "2000" -> "£2,000". Words that are no amount ("Not applicable")
 * stay as written; a blank cost is null, so each display chooses what stands in for it.
 */
export function formatLodgedCost(lodged: string | null | undefined): string | null {
  const text = (lodged ?? '').trim();
  if (!text) return null;
  const range = parseCostRange(text);
  return range ? formatPoundRange(range.low, range.high) : text;
}
