import ExcelJS from 'exceljs';
import { PRODUCT_NAME } from '../../../shared/constants';
import { EPC_BANDS } from '../../../shared/epc-bands';
import type { PortfolioView } from '../../../shared/api/portfolios';
import { PORTFOLIO_COLUMNS, portfolioSummaryOf, portfolioTableOf, type PortfolioColumnKind } from '../../../shared/portfolio-table';

/** Whole pounds with the sign and thousands separators; the sign quoted so every locale's Excel reads it as text. */
const POUNDS_FORMAT = '"£"#,##0';
/** Excel's widths are in characters: wide enough for most addresses and routes, never a screen wide. */
const WIDTH = { min: 8, max: 60 } as const;

const formatOf = (kind: PortfolioColumnKind) => (kind === 'pounds' ? POUNDS_FORMAT : undefined);

/**
 * The compliance table and its totals as an Excel workbook: "Homes" holds the page's table (money
 * as numbers, so the landlord can sort and add them up) and "Summary" the portfolio's totals and
 * its bands now and once every route is done.
 */
export async function portfolioXlsx(view: PortfolioView): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = PRODUCT_NAME;
  addHomesSheet(workbook, view);
  addSummarySheet(workbook, view);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addHomesSheet(workbook: ExcelJS.Workbook, view: PortfolioView): void {
  const { headers, rows } = portfolioTableOf(view);
  const sheet = workbook.addWorksheet('Homes', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PORTFOLIO_COLUMNS.map((column, i) => {
    const longest = Math.max(headers[i].length, ...rows.map((row) => String(row[i]).length));
    const style = formatOf(column.kind) ? { numFmt: POUNDS_FORMAT } : {};
    return { header: column.header, key: column.key, width: Math.min(WIDTH.max, Math.max(WIDTH.min, longest + 2)), style };
  });
  sheet.getRow(1).font = { bold: true };
  // A pound column with no figure (no route, a cost not lodged) is an empty cell, not text: sums skip it.
  for (const row of rows) sheet.addRow(row.map((cell) => (cell === '' ? null : cell)));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
}

function addSummarySheet(workbook: ExcelJS.Workbook, view: PortfolioView): void {
  const sheet = workbook.addWorksheet('Summary');
  sheet.columns = [{ width: 28 }, { width: 18 }, { width: 18 }];
  const client = [view.portfolio.client_name, view.portfolio.client_company].filter(Boolean).join(', ');
  const heading = (cells: string[]) => {
    sheet.addRow(cells).font = { bold: true };
  };
  heading(['Portfolio', view.portfolio.name]);
  sheet.addRow(['Client', client]);
  sheet.addRow(['Worked out on', view.on_date]);
  sheet.addRow([]);
  for (const line of portfolioSummaryOf(view)) {
    const row = sheet.addRow([line.label, line.value]);
    const format = formatOf(line.kind);
    if (format) row.getCell(2).numFmt = format;
  }
  sheet.addRow([]);
  heading(['Band', 'Homes now', 'Homes after routes']);
  for (const { band } of EPC_BANDS) sheet.addRow([band, view.summary.bands_now[band] ?? 0, view.summary.bands_after[band] ?? 0]);
}
