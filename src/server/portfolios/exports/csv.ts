import { toCsv } from '../../../shared/csv';
import type { PortfolioView } from '../../../shared/api/portfolios';
import { portfolioTableOf } from '../../../shared/portfolio-table';

/** Excel takes a CSV without a byte order mark for its local code page, and shows '£' as 'Â£'. */
const UTF8_BOM = '\uFEFF';

/**
 * The compliance table as CSV (RFC 4180, https://www.rfc-editor.org/rfc/rfc4180), the page's
 * columns and figures in the page's order. toCsv quotes every cell and keeps a cell that starts
 * like a formula as text (OWASP, https://owasp.org/www-community/attacks/CSV_Injection): an
 * address comes from a survey or the public register, not from us.
 */
export function portfolioCsv(view: Pick<PortfolioView, 'homes'>): Buffer {
  const { headers, rows } = portfolioTableOf(view);
  return Buffer.from(UTF8_BOM + toCsv([headers, ...rows]), 'utf8');
}
