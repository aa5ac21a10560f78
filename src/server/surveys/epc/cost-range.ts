import { groupThousands } from '../../../shared/money';

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

const pence = (whole: string, fraction: string | undefined) =>
  Number(whole.replace(/,/g, '')) * 100 + (fraction ? Math.round(Number(fraction) * 100) : 0);

/**
 * The indicative cost as lodged, to a range in pence: "£4,000 - £6,000", "£15 - £30",
 * "£100" (low = high), "2000" (hand-made fixtures omit the pound sign). Anything else
 * ("Not applicable", free text) is no range: null, not a guess.
 */
export function parseCostRange(lodged: string | null | undefined): CostRange | null {
  const text = (lodged ?? '').trim();
  const match = text.length <= MAX_COST_TEXT ? RANGE.exec(text) : null;
  if (!match) return null;
  const first = pence(match[1], match[2]);
  const second = match[3] === undefined ? first : pence(match[3], match[4]);
  return { low: Math.min(first, second), high: Math.max(first, second) };
}

/** 401500 -> "£4,015"; pence are shown only when there are some ("£2.50"). */
export function formatPounds(amountPence: number): string {
  const whole = Math.floor(amountPence / 100);
  const rest = amountPence % 100;
  const pounds = groupThousands(whole);
  return rest === 0 ? `£${pounds}` : `£${pounds}.${String(rest).padStart(2, '0')}`;
}

/** As the register writes a cost: "£4,015 - £6,030", or "£1,000" when both ends agree. */
export function formatCostRange(range: CostRange): string {
  return range.low === range.high ? formatPounds(range.low) : `${formatPounds(range.low)} - ${formatPounds(range.high)}`;
}

export const addRanges = (a: CostRange, b: CostRange): CostRange => ({ low: a.low + b.low, high: a.high + b.high });
