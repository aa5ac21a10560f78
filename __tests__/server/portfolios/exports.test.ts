import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { PortfolioHome, PortfolioView } from '../../../src/shared/api/portfolios';
import { PORTFOLIO_COLUMNS, portfolioSummaryOf, portfolioTableOf } from '../../../src/shared/portfolio-table';
import { portfolioCsv } from '../../../src/server/portfolios/exports/csv';
import { portfolioXlsx } from '../../../src/server/portfolios/exports/xlsx';
import { PORTFOLIO_PDF_HOMES_MAX, renderPortfolioPdf, type PortfolioPdfInput } from '../../../src/server/portfolios/exports/pdf';
import { readPdf, linesWith } from '../pdf/pdf-reader';
import { complianceView, portfolioHome, routeToC, STANDARD_NEXT, STANDARD_NOW } from '../../support/portfolio-view';

let nextId = 1;
/** A surveyed home of its own id and report, in Cardiff, rated D and certified in 2024 unless the test says. */
const home = (overrides: Partial<PortfolioHome>): PortfolioHome => {
  const id = nextId++;
  return portfolioHome({
    home_id: id,
    report_id: id,
    address: `${id} High Street`,
    postcode: 'CF10 1AB',
    rating: 60,
    band: 'D',
    ...overrides,
  });
};

const withRoute = home({
  address: '12 Mill Lane',
  rating: 48,
  band: 'E',
  route: routeToC({
    steps: [
      { name: 'Cavity wall insulation', cost: '£500 - £1,500', rating_after: 58 },
      { name: 'Solar panels, "4 kWp"', cost: '£3,500 - £5,500', rating_after: 70 },
    ],
    cost: { low_pence: 400_000, high_pence: 700_000 },
    cap: 'within',
    grants: { low_pence: 50_000, high_pence: 150_000 },
    after: { low_pence: 350_000, high_pence: 550_000 },
    schemes: [{ scheme: 'Great British Insulation Scheme', url: 'https://www.gov.uk/apply-great-british-insulation-scheme' }],
  }),
});
const registerOver = home({
  source: 'register',
  report_id: null,
  address: '=HYPERLINK("http://evil.example","Click")',
  rating: 30,
  band: 'F',
  meets_now: false,
  route: routeToC({
    steps: [{ name: 'Internal or external wall insulation', cost: '£11,000 - £15,000', rating_after: null }],
    reaches: 69,
    cost: { low_pence: 1_100_000, high_pence: 1_500_000 },
    cap: 'over',
  }),
});
const noRoute = home({ source: 'register', report_id: null, address: '+44 Flat, -1 Court', rating: 20, band: 'G', meets_now: false });
const compliant = home({ address: '@Home, Ty Gwyn', rating: 75, band: 'C', meets_next: true, compliant_until: '2034-03-05' });
const unknownCost = home({
  address: 'Rose Cottage',
  route: routeToC({ steps: [{ name: 'Floor insulation', cost: '', rating_after: 70 }], cost: null, cap: 'cost-unknown' }),
});

const viewOf = (homes: PortfolioHome[]): PortfolioView =>
  complianceView({
    portfolio: {
      name: 'Harbour Lettings',
      client_name: 'Ann Jones',
      client_email: 'ann@example.com',
      client_company: 'Jones Property Ltd',
      share_url: 'http://localhost:3000/s/portfolio/7/abc',
    },
    on_date: '2026-11-28',
    homes,
    map: { tile_url: '', attribution: '' },
  });

const VIEW = viewOf([noRoute, registerOver, withRoute, unknownCost, compliant]);

const pdfInput = (view: PortfolioView): PortfolioPdfInput => ({
  view,
  branding: { companyName: 'Acme Energy Assessors', colour: '#aa3366', logo: null },
  assessor: { name: 'Sam Surveyor', email: 'sam@acme.example', phone: '01234 567890' },
});

describe('the portfolio table', () => {
  it('has one row per home in the view order, with the figures the page shows', () => {
    const { headers, rows } = portfolioTableOf(VIEW);
    expect(headers).toEqual(PORTFOLIO_COLUMNS.map((c) => c.header));
    expect(rows.map((r) => r[0])).toEqual(VIEW.homes.map((h) => h.address));
    const row = (address: string) => Object.fromEntries(headers.map((h, i) => [h, rows.find((r) => r[0] === address)![i]]));
    expect(row('12 Mill Lane')).toMatchObject({
      Rating: 48,
      Band: 'E',
      'Meets E today': 'Yes',
      'Meets C 2030': 'No',
      'Route to C': 'Cavity wall insulation; Solar panels, "4 kWp"',
      Reaches: '70 C',
      'Cost low £': 4000,
      'Cost high £': 7000,
      'Cap (£10,000)': 'Within',
      'Grants up to low £': 500,
      'Grants up to high £': 1500,
      'After grants low £': 3500,
      'After grants high £': 5500,
      Source: 'Survey',
    });
    expect(row(noRoute.address)).toMatchObject({
      'Route to C': 'No route to C',
      'Cost low £': '',
      Reaches: '—',
      Source: 'Register certificate',
    });
    expect(row(compliant.address)).toMatchObject({ 'Meets C 2030': 'Yes, until 2034-03-05', 'Route to C': '—', 'Cap (£10,000)': '—' });
    expect(row(registerOver.address)['Cap (£10,000)']).toBe('Over - exemption may apply');
    expect(row('Rose Cottage')).toMatchObject({ 'Cap (£10,000)': 'Cost unknown', 'Cost low £': '', 'After grants high £': '' });
  });
});

describe('the CSV export', () => {
  it('reads back, with a BOM for Excel, as the table: same headers, rows and figures', () => {
    const csv = portfolioCsv(VIEW);
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const read: string[][] = parse(csv.toString('utf8'), { bom: true, relax_column_count: false });
    const { headers, rows } = portfolioTableOf(VIEW);
    expect(read[0]).toEqual(headers);
    expect(read.slice(1)).toEqual(
      rows.map((row) => row.map((cell) => (typeof cell === 'string' && /^[=+\-@]/.test(cell) ? `'${cell}` : String(cell)))),
    );
    expect(read[0]).toContain('Cost low £');
  });

  it('keeps an address that starts like a formula as text', () => {
    const read: string[][] = parse(portfolioCsv(VIEW).toString('utf8'), { bom: true });
    const addresses = read.slice(1).map((r) => r[0]);
    expect(addresses).toContain(`'=HYPERLINK("http://evil.example","Click")`);
    expect(addresses).toContain("'+44 Flat, -1 Court");
    expect(addresses).toContain("'@Home, Ty Gwyn");
    expect(addresses.filter((a) => /^[=+\-@]/.test(a))).toEqual([]);
  });
});

describe('the Excel export', () => {
  async function workbookOf(view: PortfolioView) {
    const workbook = new ExcelJS.Workbook();
    // exceljs types its input as the Buffer of older Node typings.
    await workbook.xlsx.load((await portfolioXlsx(view)) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    return workbook;
  }
  const cellValue = (cell: ExcelJS.Cell) => (cell.value === null || cell.value === undefined ? '' : cell.value);

  it('has a Homes sheet equal to the table, money as numbers in pounds, the header bold and frozen', async () => {
    const sheet = (await workbookOf(VIEW)).getWorksheet('Homes')!;
    const { headers, rows } = portfolioTableOf(VIEW);
    const read: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => read.push(headers.map((_, i) => cellValue(row.getCell(i + 1)))));
    expect(read).toEqual([headers, ...rows]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const costLow = headers.indexOf('Cost low £') + 1;
    const millLane = read.findIndex((r) => r[0] === '12 Mill Lane') + 1;
    expect(typeof sheet.getRow(millLane).getCell(costLow).value).toBe('number');
    expect(sheet.getRow(millLane).getCell(costLow).numFmt).toContain('£');
    // A formula-like address is a string cell, never a formula.
    const evil = read.findIndex((r) => r[0] === registerOver.address) + 1;
    expect(sheet.getRow(evil).getCell(1).type).toBe(ExcelJS.ValueType.String);
  });

  it('has a Summary sheet with the totals and the bands now and after', async () => {
    const sheet = (await workbookOf(VIEW)).getWorksheet('Summary')!;
    const lines = new Map<string, unknown[]>();
    sheet.eachRow((row) => lines.set(row.getCell(1).text, [row.getCell(2).value, row.getCell(3).value]));
    expect(lines.get('Portfolio')![0]).toBe('Harbour Lettings');
    expect(lines.get('Client')![0]).toBe('Ann Jones, Jones Property Ltd');
    for (const line of portfolioSummaryOf(VIEW)) expect(lines.get(line.label)![0]).toBe(line.value);
    expect(lines.get('Cost low £')![0]).toBe(15000);
    expect(lines.get('After grants high £')![0]).toBe(20500);
    expect(lines.get('C')).toEqual([1, 4]);
    expect(lines.get('G')).toEqual([1, 1]);
  });
});

describe('the portfolio PDF', () => {
  it('has a branded summary page, then one page per home with its route, in the view order', async () => {
    const { pages } = readPdf(await renderPortfolioPdf(pdfInput(VIEW)));
    expect(pages).toHaveLength(1 + VIEW.homes.length);
    // pdftotext keeps the page's line breaks; a sentence is read across them.
    const summary = pages[0].replace(/\s+/g, ' ');
    for (const text of [
      'Acme Energy Assessors',
      'EPC PORTFOLIO',
      'Harbour Lettings',
      'For Ann Jones, Jones Property Ltd',
      'Bands now and after',
    ])
      expect(summary).toContain(text);
    expect(summary).toContain('£15,000 – £22,000');
    expect(summary).toContain("The 2030 standard is to be measured on the reformed EPC's new metrics");
    expect(summary).toContain("this view uses today's energy rating");
    expect(summary).toContain(STANDARD_NEXT.source);
    expect(summary).toContain(STANDARD_NOW.source);
    expect(summary).toContain('Sam Surveyor');
    VIEW.homes.forEach((h, i) => expect(pages[i + 1]).toContain(h.address.slice(0, 12)));

    const mill = pages[1 + VIEW.homes.indexOf(withRoute)];
    expect(linesWith(mill, 'Cavity wall insulation', '£500 – £1,500', '58')).toHaveLength(1);
    expect(linesWith(mill, 'Together', '£4,000 – £7,000', '70 C')).toHaveLength(1);
    expect(mill).toContain('Great British Insulation Scheme');
    expect(mill).not.toContain("certificate's own recommendations");

    const register = pages[1 + VIEW.homes.indexOf(registerOver)];
    expect(register).toContain("This plan comes from the certificate's own recommendations and costs.");
    expect(register).toContain('Over - exemption may apply');
    expect(pages[1 + VIEW.homes.indexOf(noRoute)]).toContain('No route to band C');
    expect(pages[1 + VIEW.homes.indexOf(compliant)]).toContain('Yes, until 5 March 2034');
    expect(pages[1 + VIEW.homes.indexOf(unknownCost)]).toContain('Cost unknown');
    for (const page of pages.slice(1)) expect(page).toContain('EPC portfolio');
  });

  it(`draws at most ${PORTFOLIO_PDF_HOMES_MAX} home pages and says so`, async () => {
    const many = Array.from({ length: PORTFOLIO_PDF_HOMES_MAX + 3 }, (_, i) => home({ address: `${i + 1} Long Row` }));
    const { pages } = readPdf(await renderPortfolioPdf(pdfInput(viewOf(many))));
    expect(pages).toHaveLength(1 + PORTFOLIO_PDF_HOMES_MAX);
    expect(pages[0].replace(/\s+/g, ' ')).toContain(`a page for the first ${PORTFOLIO_PDF_HOMES_MAX} of the ${many.length} homes`);
  });
});
