/**
 * Amounts travel as integer pence. Shown as the currency symbol (a pound sign for GBP, else the
 * currency code), the whole part, a point and two digits; price displays drop a whole '.00'.
 */
export function formatMoney(pence: number, currency = 'GBP', opts: { dropWholeZeros?: boolean } = {}): string {
  const symbol = currency.toUpperCase() === 'GBP' ? '£' : `${currency.toUpperCase()} `;
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  const whole = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  if (opts.dropWholeZeros && cents === '00') return `${sign}${symbol}${whole}`;
  return `${sign}${symbol}${whole}.${cents}`;
}

/** Getting Started and every price display: whole pounds drop '.00'. */
export const formatPrice = (pence: number) => formatMoney(pence, 'GBP', { dropWholeZeros: true });
