/**
 * Amounts travel as integer pence. Shown as the currency symbol (a pound sign for GBP, else the
 * currency code), the whole part with thousands separators, a point and two digits; price displays drop a whole '.00'.
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
