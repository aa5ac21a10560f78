import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import * as portfolios from '../../../src/shared/api/portfolios';
import type { PortfolioView } from '../../../src/shared/api/portfolios';
import { portfolioTableOf } from '../../../src/shared/portfolio-table';
import { portfolioExportFilename } from '../../../src/server/portfolios/exports/routes';
import { PORTFOLIO_LINK_GONE, PORTFOLIO_NOT_FOUND } from '../../../src/server/portfolios/routes';
import { describeEachDatabase } from '../helpers/databases';
import { ok, refused } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { addCertificateHome } from '../helpers/portfolios';
import { createReport } from '../helpers/reports';
import { useTestServer } from '../helpers/test-server';
import { coloursUsed, readPdf } from '../pdf/pdf-reader';
import { newBranding, rasterLogo, uploadLogo } from '../brandings/logo-files';

const fields = { name: 'Harbour Lets & Co', client_name: 'Jo Landlord', client_email: 'jo@example.com', branding_id: 'default' };

/** A register home's address written to look like a spreadsheet formula. */
const FORMULA_ADDRESS = '=1+2 Quay Street';

const exportUrl = (query: Record<string, string>) => `${portfolios.PORTFOLIO_EXPORT_PATH}?${new URLSearchParams(query)}`;

describeEachDatabase('portfolio exports (portfolioexport)', (dialect) => {
  const server = useTestServer(dialect);

  async function portfolioWithHomes() {
    const user = await loggedInUser(server(), STROMA_ASSESSOR);
    const { portfolio_id, share_url } = ok(await server().call(portfolios.createPortfolio, fields, { cookie: user.cookie }));
    const report = await createReport(server(), user.cookie);
    ok(await server().call(portfolios.addPortfolioReports, { portfolio_id, report_ids: [report.report_id] }, { cookie: user.cookie }));
    await addCertificateHome(server(), user.id, portfolio_id, FORMULA_ADDRESS);
    const portfolioPath = share_url.split('/s/portfolio/')[1];
    const shared = ok(await server().call(portfolios.sharedPortfolio, undefined, { query: { portfolio_path: portfolioPath } }));
    return { user, portfolio_id, portfolioPath, view: shared as PortfolioView };
  }
  const download = (query: Record<string, string>, opts: { cookie?: string; remoteAddress?: string } = {}) =>
    server().inject({ method: 'GET', url: exportUrl(query), ...opts });

  it("gives the landlord's link the table as CSV, named after the portfolio, equal to the page's table", async () => {
    const { portfolioPath, view } = await portfolioWithHomes();
    const res = await download({ portfolio_path: portfolioPath, format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.raw.headers['content-disposition']).toBe('attachment; filename="Harbour Lets Co EPC portfolio.csv"');
    expect(res.raw.headers['cache-control']).toBe('private, no-store');
    const read: string[][] = parse(res.raw.rawPayload.toString('utf8'), { bom: true });
    const { headers, rows } = portfolioTableOf(view);
    expect(read[0]).toEqual(headers);
    expect(read.slice(1).map((r) => r[0])).toEqual(rows.map((r) => (String(r[0]).startsWith('=') ? `'${r[0]}` : r[0])));
    expect(read.slice(1).map((r) => r.slice(1))).toEqual(rows.map((r) => r.slice(1).map(String)));
    expect(read.some((r) => r[0] === "'=1+2 Quay Street")).toBe(true);
  });

  it('gives the assessor their own portfolio by id as an Excel workbook in the chosen order', async () => {
    const { user, portfolio_id } = await portfolioWithHomes();
    const query = { portfolio_id: String(portfolio_id), order: 'cheapest-points-first' };
    const view = ok(await server().call(portfolios.portfolioDetails, undefined, { cookie: user.cookie, query: query as never }));
    const res = await download({ ...query, format: 'xlsx' }, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.raw.headers['content-disposition']).toBe('attachment; filename="Harbour Lets Co EPC portfolio.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.raw.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const { headers, rows } = portfolioTableOf(view);
    const read: unknown[][] = [];
    workbook.getWorksheet('Homes')!.eachRow((row) => read.push(headers.map((_, i) => row.getCell(i + 1).value ?? '')));
    expect(read).toEqual([headers, ...rows]);
    expect(workbook.getWorksheet('Summary')).toBeDefined();
  });

  it('draws the branded PDF: a summary page and a page per home', async () => {
    const { portfolioPath, view } = await portfolioWithHomes();
    const res = await download({ portfolio_path: portfolioPath, format: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/pdf');
    expect(res.raw.headers['content-disposition']).toBe('attachment; filename="Harbour Lets Co EPC portfolio.pdf"');
    const { pages } = readPdf(res.raw.rawPayload);
    expect(pages).toHaveLength(1 + view.homes.length);
    expect(pages[0]).toContain('Harbour Lets & Co');
    expect(pages[0]).toContain('For Jo Landlord');
    const register = pages.find((p) => p.includes('=1+2 Quay Street'))!;
    expect(register.replace(/\s+/g, ' ')).toContain("This plan comes from the certificate's own recommendations and costs.");
  });

  it("draws the PDF in the portfolio's branding: the assessor's logo, company name and colour", async () => {
    const user = await loggedInUser(server(), STROMA_ASSESSOR);
    const { key } = await uploadLogo(server(), user.cookie, await rasterLogo('png'), 'png');
    const branding_id = await newBranding(server(), user.cookie, 'Acme Energy Assessors', key, '#aa3366');
    const created = ok(await server().call(portfolios.createPortfolio, { ...fields, branding_id }, { cookie: user.cookie }));
    await addCertificateHome(server(), user.id, created.portfolio_id, FORMULA_ADDRESS);
    const res = await download({ portfolio_id: String(created.portfolio_id), format: 'pdf' }, { cookie: user.cookie });
    expect(res.status).toBe(200);
    const { pages } = readPdf(res.raw.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('Prepared by Acme Energy Assessors');
    expect(coloursUsed(res.raw.rawPayload)).toContain('#aa3366');
    expect(res.raw.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it("refuses a wrong slug, another user's id, no session, and a deleted portfolio's link, each with a sentence", async () => {
    const { user, portfolio_id, portfolioPath } = await portfolioWithHomes();
    const [id, slug] = portfolioPath.split('/');
    const wrongSlug = await download({ portfolio_path: `${id}/${slug.slice(0, -1)}${slug.endsWith('A') ? 'B' : 'A'}`, format: 'csv' });
    expect(wrongSlug.status).toBe(404);
    expect(refused(wrongSlug).error).toMatch(/link is not valid/);

    const other = await loggedInUser(server(), STROMA_ASSESSOR);
    const othersId = await download({ portfolio_id: String(portfolio_id), format: 'csv' }, { cookie: other.cookie });
    expect([othersId.status, refused(othersId).error]).toEqual([404, PORTFOLIO_NOT_FOUND]);
    expect((await download({ portfolio_id: String(portfolio_id), format: 'csv' })).status).toBe(401);

    const neither = await download({ format: 'csv' });
    expect([neither.status, refused(neither).error]).toEqual([400, "Please give the portfolio's link or its id, not both."]);
    expect((await download({ portfolio_path: portfolioPath, format: 'docx' })).status).toBe(400);

    ok(await server().call(portfolios.portfolioDelete, { portfolio_id, delete_mode: 'delete' }, { cookie: user.cookie }));
    const gone = await download({ portfolio_path: portfolioPath, format: 'pdf' });
    expect([gone.status, refused(gone).error]).toEqual([404, PORTFOLIO_LINK_GONE]);
  });

  it('limits PDFs per address apart from the table files', async () => {
    const { portfolioPath } = await portfolioWithHomes();
    const from = { remoteAddress: '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await download({ portfolio_path: portfolioPath, format: 'pdf' }, from)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const limited = await download({ portfolio_path: portfolioPath, format: 'pdf' }, from);
    expect(refused(limited).error).toMatch(/^Too many requests from your address\. Please try again in \d+ seconds?\.$/);
    expect((await download({ portfolio_path: portfolioPath, format: 'csv' }, from)).status).toBe(200);
  });
});

describe('the export file name', () => {
  it('keeps the name readable and plain ASCII', () => {
    expect(portfolioExportFilename('Tŷ Gwyn "Lets"/2026', 'csv')).toBe('Ty Gwyn Lets 2026 EPC portfolio.csv');
    expect(portfolioExportFilename('***', 'pdf')).toBe('EPC portfolio.pdf');
    expect(portfolioExportFilename('x'.repeat(500), 'xlsx')).toBe(`${'x'.repeat(100)} EPC portfolio.xlsx`);
  });
});
