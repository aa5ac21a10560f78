import * as portfolios from '../../../src/shared/api/portfolios';
import * as reports from '../../../src/shared/api/reports';
import type { RequestOf } from '../../../src/shared/api/define';
import { idempotencyKeyHeaderValue } from '../../../src/shared/api/idempotency';
import { describeEachDatabase } from '../helpers/databases';
import { ok, refused } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { createReport } from '../helpers/reports';
import type { TestServer } from '../helpers/test-server';
import { useTestServer } from '../helpers/test-server';

type Fields = RequestOf<typeof portfolios.createPortfolio>;
const fields = (overrides: Partial<Fields> = {}): Fields => ({
  name: 'Harbour Lets',
  client_name: 'Jo Landlord',
  client_email: 'jo@example.com',
  client_company: 'Harbour Lets Ltd',
  branding_id: 'default',
  ...overrides,
});

const create = (s: TestServer, cookie: string, body: Fields = fields(), headers: Record<string, string> = {}) =>
  s.call(portfolios.createPortfolio, body, { cookie, headers });
const list = (s: TestServer, cookie: string, query: Record<string, string> = {}) =>
  s.call(portfolios.portfoliosList, undefined, { cookie, query });
const details = (s: TestServer, cookie: string, portfolioId: number) =>
  s.call(portfolios.portfolioDetails, undefined, { cookie, query: { portfolio_id: String(portfolioId) } });

describeEachDatabase('portfolios', (dialect) => {
  const server = useTestServer(dialect);

  it('creates a portfolio with its landlord link, lists it newest first and tells the open pages', async () => {
    const { cookie, id: userId } = await loggedInUser(server(), STROMA_ASSESSOR);
    const push = jest.spyOn(server().app.deps.realtime, 'push');
    const first = ok(await create(server(), cookie, fields({ name: 'First' })));
    const second = ok(await create(server(), cookie, fields({ name: 'Second' })));
    expect(second.share_url).toMatch(new RegExp(`^http://localhost:3000/s/portfolio/${second.portfolio_id}/[A-Za-z0-9_-]{22}$`));
    expect(push).toHaveBeenCalledWith(userId, 'portfolioUpdate', { portfolio_id: first.portfolio_id });
    expect(push).toHaveBeenCalledWith(userId, 'portfolioUpdate', { portfolio_id: second.portfolio_id });

    const listed = ok(await list(server(), cookie));
    expect(listed.total).toBe(2);
    expect(listed.portfolios.map((p) => p.name)).toEqual(['Second', 'First']);
    expect(listed.portfolios[0]).toMatchObject({
      portfolio_id: second.portfolio_id,
      client_name: 'Jo Landlord',
      client_company: 'Harbour Lets Ltd',
      home_count: 0,
      failing_next: 0,
      share_url: second.share_url,
    });
    expect(listed.portfolios[0].created_at).toBeLessThan(Date.now() / 1000 + 1);
  });

  it('creates one portfolio for an Idempotency-Key sent twice', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const key = { 'idempotency-key': idempotencyKeyHeaderValue('create-portfolio-1') };
    const first = ok(await create(server(), cookie, fields(), key));
    const again = ok(await create(server(), cookie, fields(), key));
    expect(again).toEqual(first);
    expect(ok(await list(server(), cookie)).total).toBe(1);
  });

  it("refuses a missing name, a bad email and another assessor's branding, saying why", async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    expect(refused(await create(server(), cookie, fields({ name: ' ' }))).error).toContain('Please name the portfolio.');
    expect((await create(server(), cookie, fields({ client_email: 'not an email' }))).status).toBe(400);
    expect(refused(await create(server(), cookie, fields({ branding_id: '99999' }))).error).toBe(
      'That branding does not exist. Please pick another.',
    );
    expect(ok(await list(server(), cookie)).total).toBe(0);
  });

  it('searches by name, client and company (wildcards as text) and pages the list', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    ok(await create(server(), cookie, fields({ name: 'Quay 50% Homes', client_name: 'Sam', client_company: '' })));
    ok(await create(server(), cookie, fields({ name: 'Other', client_name: 'Priya Shah', client_company: 'Northgate' })));
    const names = async (search: string) => ok(await list(server(), cookie, { search })).portfolios.map((p) => p.name);
    expect(await names('quay')).toEqual(['Quay 50% Homes']);
    expect(await names('50%')).toEqual(['Quay 50% Homes']);
    expect(await names('0_')).toEqual([]);
    expect(await names('priya')).toEqual(['Other']);
    expect(await names('NORTHGATE')).toEqual(['Other']);

    for (let i = 0; i < portfolios.PORTFOLIOS_PER_PAGE; i++) ok(await create(server(), cookie, fields({ name: `Block ${i}` })));
    const page1 = ok(await list(server(), cookie));
    const page2 = ok(await list(server(), cookie, { page: '2' }));
    expect(page1.total).toBe(portfolios.PORTFOLIOS_PER_PAGE + 2);
    expect(page1.portfolios).toHaveLength(portfolios.PORTFOLIOS_PER_PAGE);
    expect(page2).toMatchObject({ page: 2, total: portfolios.PORTFOLIOS_PER_PAGE + 2 });
    expect(page2.portfolios.map((p) => p.name)).toEqual(['Other', 'Quay 50% Homes']);
  });

  it('moves a portfolio to the deleted list and back, and closes its landlord link meanwhile', async () => {
    const { cookie, id: userId } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { portfolio_id, share_url } = ok(await create(server(), cookie));
    const push = jest.spyOn(server().app.deps.realtime, 'push');
    ok(await server().call(portfolios.portfolioDelete, { portfolio_id, delete_mode: 'delete' }, { cookie }));
    expect(push).toHaveBeenCalledWith(userId, 'portfolioUpdate', { portfolio_id });
    expect(ok(await list(server(), cookie)).total).toBe(0);
    expect(ok(await list(server(), cookie, { deleted: 'yes' })).portfolios.map((p) => p.portfolio_id)).toEqual([portfolio_id]);
    expect(ok(await details(server(), cookie, portfolio_id)).portfolio.deleted).toBe(true);
    const portfolioPath = share_url.split('/s/portfolio/')[1];
    const shared = await server().call(portfolios.sharedPortfolio, undefined, { query: { portfolio_path: portfolioPath } });
    expect(refused(shared)).toMatchObject({ error: 'This portfolio link is no longer available.' });
    expect(shared.status).toBe(404);

    ok(await server().call(portfolios.portfolioDelete, { portfolio_id, delete_mode: 'undelete' }, { cookie }));
    expect(ok(await list(server(), cookie)).total).toBe(1);
    expect(ok(await list(server(), cookie, { deleted: 'yes' })).total).toBe(0);
  });

  it('keeps every portfolio to its assessor: another sees, changes or deletes nothing of it', async () => {
    const ann = await loggedInUser(server(), STROMA_ASSESSOR);
    const bob = await loggedInUser(server(), STROMA_ASSESSOR);
    const { portfolio_id } = ok(await create(server(), ann.cookie));
    const { report_id } = await createReport(server(), bob.cookie);
    const notFound = { error: 'That portfolio does not exist.' };
    expect(ok(await list(server(), bob.cookie)).total).toBe(0);
    expect(refused(await details(server(), bob.cookie, portfolio_id))).toMatchObject(notFound);
    const asBob = { cookie: bob.cookie };
    expect(refused(await server().call(portfolios.portfolioDelete, { portfolio_id, delete_mode: 'delete' }, asBob))).toMatchObject(
      notFound,
    );
    const adding = await server().call(portfolios.addPortfolioReports, { portfolio_id, report_ids: [report_id] }, asBob);
    expect(adding.status).toBe(404);
    expect((await server().call(portfolios.removePortfolioHome, { portfolio_id, home_id: 1 }, asBob)).status).toBe(404);
    expect(ok(await details(server(), ann.cookie, portfolio_id))).toMatchObject({ portfolio: { deleted: false }, homes: [] });
  });

  it("adds the assessor's reports as homes once each, refuses another's report and writes nothing then", async () => {
    const ann = await loggedInUser(server(), STROMA_ASSESSOR);
    const bob = await loggedInUser(server(), STROMA_ASSESSOR);
    const { portfolio_id } = ok(await create(server(), ann.cookie));
    const mine = await createReport(server(), ann.cookie);
    const theirs = await createReport(server(), bob.cookie);
    const add = (report_ids: number[]) =>
      server().call(portfolios.addPortfolioReports, { portfolio_id, report_ids }, { cookie: ann.cookie });

    const push = jest.spyOn(server().app.deps.realtime, 'push');
    expect(refused(await add([mine.report_id, theirs.report_id]))).toMatchObject({ error: 'That report does not exist.' });
    expect(ok(await details(server(), ann.cookie, portfolio_id)).homes).toEqual([]);
    expect(push).not.toHaveBeenCalledWith(ann.id, 'portfolioUpdate', expect.anything());

    expect(ok(await add([mine.report_id, mine.report_id]))).toEqual({ success: true, added: 1 });
    expect(push).toHaveBeenCalledWith(ann.id, 'portfolioUpdate', { portfolio_id });
    expect(ok(await add([mine.report_id]))).toEqual({ success: true, added: 0 });
    const view = ok(await details(server(), ann.cookie, portfolio_id));
    expect(view.homes.map((h) => [h.source, h.report_id, h.report_url])).toEqual([['survey', mine.report_id, mine.share_url]]);
    expect(ok(await list(server(), ann.cookie)).portfolios[0]).toMatchObject({ home_count: 1, failing_next: 1 });

    // A deleted report leaves the view and the counts until it is restored.
    ok(await server().call(reports.reportDelete, { report_id: mine.report_id, delete_mode: 'delete' }, { cookie: ann.cookie }));
    expect(ok(await details(server(), ann.cookie, portfolio_id)).summary.homes).toBe(0);
    expect(ok(await list(server(), ann.cookie)).portfolios[0]).toMatchObject({ home_count: 0, failing_next: 0 });
    expect(refused(await add([mine.report_id])).error).toBe('That report has been deleted. Please restore it before adding it.');
  });

  it('takes a home out of the portfolio and leaves its report', async () => {
    const { cookie, id: userId } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { portfolio_id } = ok(await create(server(), cookie));
    const { report_id } = await createReport(server(), cookie);
    ok(await server().call(portfolios.addPortfolioReports, { portfolio_id, report_ids: [report_id] }, { cookie }));
    const [home] = ok(await details(server(), cookie, portfolio_id)).homes;
    const push = jest.spyOn(server().app.deps.realtime, 'push');
    ok(await server().call(portfolios.removePortfolioHome, { portfolio_id, home_id: home.home_id }, { cookie }));
    expect(push).toHaveBeenCalledWith(userId, 'portfolioUpdate', { portfolio_id });
    expect(ok(await details(server(), cookie, portfolio_id)).homes).toEqual([]);
    const again = await server().call(portfolios.removePortfolioHome, { portfolio_id, home_id: home.home_id }, { cookie });
    expect(refused(again)).toMatchObject({ error: 'That home is not in this portfolio.' });
    expect(await server().db.selectFrom('reports').select('id').where('id', '=', report_id).execute()).toHaveLength(1);
  });

  it('changes no homes of a deleted portfolio', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { portfolio_id } = ok(await create(server(), cookie));
    const { report_id } = await createReport(server(), cookie);
    ok(await server().call(portfolios.portfolioDelete, { portfolio_id, delete_mode: 'delete' }, { cookie }));
    const adding = await server().call(portfolios.addPortfolioReports, { portfolio_id, report_ids: [report_id] }, { cookie });
    expect(refused(adding).error).toBe('This portfolio is deleted. Please restore it before changing its homes.');
  });
});
