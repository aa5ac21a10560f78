import * as portfolios from '../../../src/shared/api/portfolios';
import { describeEachDatabase } from '../helpers/databases';
import { ok, refused } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { PUBLIC_URL, useTestServer, type TestServer } from '../helpers/test-server';
import { certificate, certificatesCsv, recommendation, recommendationsCsv } from './register-import-files';

const BOUNDARY = '----register-import-test';

/** The form as the import page posts it: each file a part of multipart/form-data. */
function form(files: Partial<Record<'certificates' | 'recommendations', string>>): { payload: string; headers: Record<string, string> } {
  const parts = Object.entries(files).map(
    ([name, content]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${BOUNDARY}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
  };
}

const GOOD_FILES = {
  certificates: certificatesCsv([
    certificate({ LMK_KEY: 'lmk-9', ADDRESS1: '9 Dock Street', CURRENT_ENERGY_EFFICIENCY: '45', POTENTIAL_ENERGY_EFFICIENCY: '78' }),
  ]),
  recommendations: recommendationsCsv([
    recommendation('lmk-9', 1),
    recommendation('lmk-9', 2, { IMPROVEMENT_ID: '34', INDICATIVE_COST: '£3,500 - £5,500' }),
  ]),
};

function post(
  s: TestServer,
  portfolioId: number,
  cookie: string | null,
  files: Parameters<typeof form>[0],
  extraHeaders: Record<string, string> = {},
) {
  const { payload, headers } = form(files);
  return s.inject({
    method: 'POST',
    url: `${portfolios.REGISTER_IMPORT_PATH}?portfolio_id=${portfolioId}`,
    payload,
    headers: { ...headers, ...extraHeaders },
    cookie,
  });
}

async function assessorWithPortfolio(s: TestServer) {
  const user = await loggedInUser(s, STROMA_ASSESSOR);
  const created = ok(
    await s.call(
      portfolios.createPortfolio,
      { name: 'Dockside', client_name: 'Sam Owner', client_email: 'sam@example.com', client_company: '', branding_id: 'default' },
      { cookie: user.cookie },
    ),
  );
  return { cookie: user.cookie, portfolioId: created.portfolio_id };
}

describeEachDatabase('register import page call', (dialect) => {
  const server = useTestServer(dialect);

  it('imports the two files posted as a form, and the portfolio shows the home with its route', async () => {
    const { cookie, portfolioId } = await assessorWithPortfolio(server());
    const res = await post(server(), portfolioId, cookie, GOOD_FILES);
    expect(res.status).toBe(200);
    expect(portfolios.registerImportResult.parse(res.body)).toEqual({ success: true, homes: 1, rows: 1, problems: [], problem_count: 0 });

    const view = ok(await server().call(portfolios.portfolioDetails, undefined, { cookie, query: { portfolio_id: String(portfolioId) } }));
    expect(view.homes).toHaveLength(1);
    const [home] = view.homes;
    expect(home).toMatchObject({ source: 'register', report_id: null, rating: 45, band: 'E', meets_next: false, report_url: '' });
    expect(home.route).toMatchObject({ reaches: 78, reaches_band: 'C', cost: { low_pence: 360_000, high_pence: 585_000 }, cap: 'within' });
    expect(home.route?.steps.map((s) => [s.cost, s.rating_after])).toEqual([
      ['£100 - £350', null],
      ['£3,500 - £5,500', null],
    ]);
  });

  it('asks for a missing file by name', async () => {
    const { cookie, portfolioId } = await assessorWithPortfolio(server());
    expect(refused(await post(server(), portfolioId, cookie, { certificates: GOOD_FILES.certificates }))).toMatchObject({
      error: 'Please choose the recommendations file.',
    });
    const onlyRecommendations = await post(server(), portfolioId, cookie, { recommendations: GOOD_FILES.recommendations });
    expect(onlyRecommendations.status).toBe(400);
    expect(refused(onlyRecommendations).error).toBe('Please choose the certificates file.');
    const view = ok(await server().call(portfolios.portfolioDetails, undefined, { cookie, query: { portfolio_id: String(portfolioId) } }));
    expect(view.homes).toEqual([]);
  });

  it('says which columns a file that is not the register’s lacks', async () => {
    const { cookie, portfolioId } = await assessorWithPortfolio(server());
    const res = await post(server(), portfolioId, cookie, {
      certificates: 'name,town\nx,y\n',
      recommendations: GOOD_FILES.recommendations,
    });
    expect(res.status).toBe(400);
    expect(refused(res).error).toMatch(/^The certificates file has no LMK_KEY, .* columns: please choose certificates\.csv/);
  });

  it("refuses a caller without a session, another assessor's portfolio and a cross-site post", async () => {
    const { cookie, portfolioId } = await assessorWithPortfolio(server());
    const stranger = await loggedInUser(server(), STROMA_ASSESSOR);

    const anonymous = await post(server(), portfolioId, null, GOOD_FILES);
    expect(anonymous.status).toBe(401);
    expect(refused(anonymous).error).toBe('Please log in to continue.');

    const theirs = await post(server(), portfolioId, stranger.cookie, GOOD_FILES);
    expect(theirs.status).toBe(404);
    expect(refused(theirs).error).toBe('That portfolio does not exist.');

    const crossSite = await post(server(), portfolioId, cookie, GOOD_FILES, {
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);

    const view = ok(await server().call(portfolios.portfolioDetails, undefined, { cookie, query: { portfolio_id: String(portfolioId) } }));
    expect(view.homes).toEqual([]);
  });
});
