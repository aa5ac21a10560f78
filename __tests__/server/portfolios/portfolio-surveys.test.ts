import * as portfolios from '../../../src/shared/api/portfolios';
import * as brandings from '../../../src/shared/api/brandings';
import type { RequestOf } from '../../../src/shared/api/define';
import { idempotencyKeyHeaderValue } from '../../../src/shared/api/idempotency';
import { describeEachDatabase } from '../helpers/databases';
import { ok, refused } from '../helpers/answers';
import { ELMHURST_ASSESSOR, loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { listOf, uploadSurvey } from '../helpers/reports';
import { useTestServer } from '../helpers/test-server';

const fields = { name: 'Harbour Lets', client_name: 'Jo Landlord', client_email: 'jo@example.com', branding_id: 'default' };
type SurveyBody = RequestOf<typeof portfolios.addPortfolioSurvey>;

describeEachDatabase('portfolio survey drop', (dialect) => {
  const server = useTestServer(dialect);

  async function portfolioOf(cookie: string, brandingId = 'default') {
    return ok(await server().call(portfolios.createPortfolio, { ...fields, branding_id: brandingId }, { cookie })).portfolio_id;
  }
  const drop = (cookie: string, body: SurveyBody, headers: Record<string, string> = {}) =>
    server().call(portfolios.addPortfolioSurvey, body, { cookie, headers });
  const homesOf = async (cookie: string, portfolioId: number) =>
    ok(await server().call(portfolios.portfolioDetails, undefined, { cookie, query: { portfolio_id: String(portfolioId) } })).homes;

  it("makes a dropped survey a Preliminary report in the portfolio's branding, without council tax, and adds it as a home", async () => {
    const { cookie, id: userId } = await loggedInUser(server(), STROMA_ASSESSOR);
    const branding = { action: 'new' as const, company_name: 'Harbour Surveys', overprint_colour: '#224466', image: '' };
    const brandingId = ok(await server().call(brandings.saveBranding, branding, { cookie })).id!;
    const portfolio_id = await portfolioOf(cookie, brandingId);
    const { key } = await uploadSurvey(server(), cookie);
    const push = jest.spyOn(server().app.deps.realtime, 'push');

    const added = ok(await drop(cookie, { portfolio_id, xml1_key: key, original_filename: 'flat-2.xml' }));
    expect(push).toHaveBeenCalledWith(userId, 'portfolioUpdate', { portfolio_id });
    expect(push).toHaveBeenCalledWith(userId, 'reportListUpdate', { report_id: added.report_id });
    const row = await server()
      .db.selectFrom('reports')
      .select(['type', 'ctax_address', 'ctax_band', 'branding_id', 'xml1_name'])
      .where('id', '=', added.report_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      type: 'preliminary',
      ctax_address: '',
      ctax_band: null,
      branding_id: Number(brandingId),
      xml1_name: 'flat-2.xml',
    });
    expect(await homesOf(cookie, portfolio_id)).toEqual([
      expect.objectContaining({ home_id: added.home_id, report_id: added.report_id, source: 'survey', rating: 64 }),
    ]);

    // Its PDF is drawn as any report's, and the report is in the assessor's list.
    await server().app.deps.jobs.drain();
    expect((await listOf(server(), cookie)).reports_list).toEqual([
      expect.objectContaining({ report_id: added.report_id, status: 'Ready!' }),
    ]);
  });

  it('makes one report of a file sent twice with the same Idempotency-Key', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const portfolio_id = await portfolioOf(cookie);
    const { key } = await uploadSurvey(server(), cookie);
    const body = { portfolio_id, xml1_key: key, original_filename: 'a.xml' };
    const header = { 'idempotency-key': idempotencyKeyHeaderValue('drop-1-file-1') };
    const first = ok(await drop(cookie, body, header));
    const again = ok(await drop(cookie, body, header));
    expect(again).toEqual(first);
    expect(await homesOf(cookie, portfolio_id)).toHaveLength(1);
    expect(await server().db.selectFrom('reports').select('id').execute()).toHaveLength(1);
  });

  it('refuses a file that was not checked as the wizard checks it, and writes nothing', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const portfolio_id = await portfolioOf(cookie);
    const res = await drop(cookie, { portfolio_id, xml1_key: 'uploads/never-checked.xml', original_filename: 'a.xml' });
    expect(refused(res).error).toBe('Please upload the lodged EPC XML (file A) again.');
    expect(await server().db.selectFrom('reports').select('id').execute()).toEqual([]);
    expect(await homesOf(cookie, portfolio_id)).toEqual([]);
  });

  it('writes neither report nor home when the PDF job cannot be recorded, and a retry then adds it once', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const portfolio_id = await portfolioOf(cookie);
    const { key } = await uploadSurvey(server(), cookie);
    const body = { portfolio_id, xml1_key: key, original_filename: 'a.xml' };
    jest.spyOn(server().app.deps.jobs, 'enqueue').mockRejectedValueOnce(new Error('the job could not be recorded'));
    expect((await drop(cookie, body)).status).toBe(500);
    expect(await server().db.selectFrom('reports').select('id').execute()).toEqual([]);
    expect(await homesOf(cookie, portfolio_id)).toEqual([]);
    ok(await drop(cookie, body));
    expect(await homesOf(cookie, portfolio_id)).toHaveLength(1);
  });

  it("refuses a drop into another assessor's portfolio", async () => {
    const ann = await loggedInUser(server(), STROMA_ASSESSOR);
    const bob = await loggedInUser(server(), STROMA_ASSESSOR);
    const portfolio_id = await portfolioOf(ann.cookie);
    const { key } = await uploadSurvey(server(), bob.cookie);
    const res = await drop(bob.cookie, { portfolio_id, xml1_key: key, original_filename: 'a.xml' });
    expect(res.status).toBe(404);
    expect(refused(res).error).toBe('That portfolio does not exist.');
    expect(await server().db.selectFrom('reports').select('id').execute()).toEqual([]);
  });
  it("takes an Elmhurst assessor's lodged survey alone: a drop asks for no RdSAP file", async () => {
    const { cookie } = await loggedInUser(server(), ELMHURST_ASSESSOR);
    const portfolio_id = await portfolioOf(cookie);
    const { key } = await uploadSurvey(server(), cookie);
    const added = ok(await drop(cookie, { portfolio_id, xml1_key: key, original_filename: 'flat-3.xml' }));
    expect(await homesOf(cookie, portfolio_id)).toEqual([expect.objectContaining({ report_id: added.report_id })]);
  });

  it('queues one postcode lookup for a portfolio however many files arrive before it runs', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const portfolio_id = await portfolioOf(cookie);
    // Nothing runs meanwhile: the lookup queued by the first file is still waiting when the others arrive.
    await server().app.deps.jobs.stop();
    for (const name of ['a.xml', 'b.xml', 'c.xml']) {
      const { key } = await uploadSurvey(server(), cookie);
      ok(await drop(cookie, { portfolio_id, xml1_key: key, original_filename: name }));
    }
    const lookups = await server()
      .db.selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'locate_postcodes')
      .where('status', '=', 'queued')
      .execute();
    expect(lookups).toHaveLength(1);
    server().app.deps.jobs.start();
  });
});
