import * as portfolios from '../../../src/shared/api/portfolios';
import type { PortfolioView } from '../../../src/shared/api/portfolios';
import { bandMinimum } from '../../../src/shared/epc-bands';
import { describeEachDatabase } from '../helpers/databases';
import { ok, refused } from '../helpers/answers';
import { loggedInUser, STROMA_ASSESSOR } from '../helpers/factories';
import { addCertificateHome } from '../helpers/portfolios';
import { createReport, fixture } from '../helpers/reports';
import { useTestServer } from '../helpers/test-server';

/** An England-and-Wales lodgement rated 70 (band C). */
const AT_C = 'RHI_UAT_scenarios__1234-1234-1234-1234-1234.xml';

const fields = { name: 'Harbour Lets', client_name: 'Jo Landlord', client_email: 'jo@example.com', branding_id: 'default' };

const sumOf = (view: PortfolioView, pick: (h: PortfolioView['homes'][number]) => number) => view.homes.reduce((t, h) => t + pick(h), 0);

describeEachDatabase('portfolio view', (dialect) => {
  const server = useTestServer(dialect);

  async function portfolioWithHomes() {
    const user = await loggedInUser(server(), STROMA_ASSESSOR);
    const { portfolio_id, share_url } = ok(await server().call(portfolios.createPortfolio, fields, { cookie: user.cookie }));
    const failing = await createReport(server(), user.cookie);
    const atC = await createReport(server(), user.cookie, fixture(AT_C));
    const report_ids = [failing.report_id, atC.report_id];
    ok(await server().call(portfolios.addPortfolioReports, { portfolio_id, report_ids }, { cookie: user.cookie }));
    await addCertificateHome(server(), user.id, portfolio_id);
    return { user, portfolio_id, share_url, failing, atC };
  }
  const details = (cookie: string, portfolioId: number, order?: string) =>
    server().call(portfolios.portfolioDetails, undefined, {
      cookie,
      query: { portfolio_id: String(portfolioId), ...(order ? { order } : {}) } as never,
    });

  it('shows each home against the standards: a home at C meets 2030, the others have their route, and the totals add up', async () => {
    const { user, portfolio_id, failing, atC } = await portfolioWithHomes();
    const view = ok(await details(user.cookie, portfolio_id));
    expect(view.standard_now).toMatchObject({ band: 'E', status: 'in-force' });
    expect(view.standard_next).toMatchObject({ band: 'C', applies_from: '2030-10-01', cap_pence: 1_000_000, status: 'decided' });
    expect(view.order).toBe('worst-first');
    expect(view.homes.map((h) => h.rating)).toEqual([...view.homes.map((h) => h.rating)].sort((a, b) => a - b));

    const home = (reportId: number) => view.homes.find((h) => h.report_id === reportId)!;
    expect(home(atC.report_id)).toMatchObject({ source: 'survey', band: 'C', meets_next: true, route: null, report_url: atC.share_url });
    expect(home(failing.report_id)).toMatchObject({ source: 'survey', rating: 64, band: 'D', meets_now: true, meets_next: false });
    const route = home(failing.report_id).route!;
    expect(route.reaches).toBeGreaterThanOrEqual(bandMinimum('C'));
    expect(route.steps.at(-1)!.rating_after).toBe(route.reaches);
    expect(route.steps.every((s) => s.rating_after !== null)).toBe(true);

    const register = view.homes.find((h) => h.source === 'register')!;
    expect(register).toMatchObject({
      report_id: null,
      address: '12 Quay Street',
      postcode: 'CF10 1AA',
      rating: 55,
      meets_next: false,
      report_url: '',
      premium_purchased: false,
      location: null,
    });
    expect(register.route).toMatchObject({ reaches: 72, reaches_band: 'C' });
    expect(register.route!.steps.map((s) => s.rating_after)).toEqual([null, null]);

    const { summary } = view;
    expect(summary.homes).toBe(3);
    expect(summary.failing_next).toBe(view.homes.filter((h) => h.meets_next === false).length);
    expect(summary.failing_next).toBe(2);
    expect(Object.values(summary.bands_now).reduce((a, b) => a + b, 0)).toBe(3);
    expect(summary.bands_now.C).toBe(1);
    const known = view.homes.filter((h) => h.route?.cost);
    expect(summary.cost.low_pence).toBe(sumOf(view, (h) => (h.route?.cost ? h.route.cost.low_pence : 0)));
    expect(summary.cost.high_pence).toBe(known.reduce((t, h) => t + h.route!.cost!.high_pence, 0));
    expect(summary.after.low_pence).toBe(sumOf(view, (h) => (h.route?.cost && h.route.after ? h.route.after.low_pence : 0)));
    expect(view.map.tile_url).toBe(server().config.mapTileUrl);
    expect(view.map.attribution).toContain('OpenStreetMap');

    // The list counts the same homes failing as the view.
    const [listed] = ok(await server().call(portfolios.portfoliosList, undefined, { cookie: user.cookie, query: {} })).portfolios;
    expect(listed).toMatchObject({ home_count: 3, failing_next: summary.failing_next });
  });

  it('orders the homes as asked and places those whose postcode was looked up', async () => {
    const { user, portfolio_id } = await portfolioWithHomes();
    await server()
      .db.insertInto('postcode_locations')
      .values({ postcode: 'CF10 1AA', latitude: 51.48, longitude: -3.18, looked_up_at: Date.now() })
      .execute();
    const view = ok(await details(user.cookie, portfolio_id, 'cheapest-points-first'));
    expect(view.homes.find((h) => h.source === 'register')!.location).toEqual({ lat: 51.48, lng: -3.18 });
    expect(view.order).toBe('cheapest-points-first');
    // Homes failing 2030 come first, the one that meets it last.
    expect(view.homes.at(-1)!.meets_next).toBe(true);
  });

  it("answers the landlord's link with the same view headed by the assessor's card, and nothing for a wrong slug", async () => {
    const { user, portfolio_id, share_url } = await portfolioWithHomes();
    const portfolioPath = share_url.split('/s/portfolio/')[1];
    const shared = ok(await server().call(portfolios.sharedPortfolio, undefined, { query: { portfolio_path: portfolioPath } }));
    const own = ok(await details(user.cookie, portfolio_id));
    const { assessor, ...view } = shared;
    expect(view).toEqual(own);
    expect(assessor).toMatchObject({ name: expect.any(String), email: user.email, company_name: '' });

    const [id, slug] = portfolioPath.split('/');
    const wrongSlug = `${id}/${slug.slice(0, -1)}${slug.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await server().call(portfolios.sharedPortfolio, undefined, { query: { portfolio_path: wrongSlug } });
    expect(wrong.status).toBe(404);
    expect(refused(wrong).error).not.toContain('Harbour');
    const missing = await server().call(portfolios.sharedPortfolio, undefined, { query: { portfolio_path: `99999/${slug}` } });
    expect(missing.status).toBe(404);
    expect(refused(missing).error).toBe(refused(wrong).error);
  });
});
