import { portfolioView, type PortfolioHome, type PortfolioView } from '../../src/shared/api/portfolios';

/*
 * Hand-made compliance views, for the page's components (client project) and the exports (server
 * project) alike: each is checked against the contract's schema, so a field renamed there fails in
 * both first. Only src/shared is imported, which both projects can load.
 */

type Route = NonNullable<PortfolioHome['route']>;
type Standard = NonNullable<PortfolioView['standard_now']>;
type Portfolio = PortfolioView['portfolio'];
type BandCounts = PortfolioView['summary']['bands_now'];

/** The minimum standard for rented homes in England and Wales today. */
export const STANDARD_NOW: Standard = {
  band: 'E',
  applies_from: '2020-04-01',
  cap_pence: 350_000,
  exemption_years: 5,
  status: 'in-force',
  source: 'https://www.gov.uk/guidance/domestic-private-rented-property-minimum-energy-efficiency-standard-landlord-guidance',
};

/** The standard decided for 2030, awaiting its legislation. */
export const STANDARD_NEXT: Standard = {
  band: 'C',
  applies_from: '2030-10-01',
  cap_pence: 1_000_000,
  exemption_years: 10,
  status: 'decided',
  source: 'https://www.gov.uk/government/consultations/improving-the-energy-performance-of-privately-rented-homes-2025-update',
};

const NO_PENCE = { low_pence: 0, high_pence: 0 };

/** Homes in each band: none but those given. */
const bandCounts = (counts: Partial<BandCounts> = {}): BandCounts => ({ A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, ...counts });

/** A route reaching band C at 70 unless it says; with no grants and no schemes unless given, so it costs as much after grants. */
export const routeToC = (route: Pick<Route, 'steps' | 'cost' | 'cap'> & Partial<Route>): Route => ({
  reaches: 70,
  reaches_band: 'C',
  grants: NO_PENCE,
  after: route.cost,
  schemes: [],
  ...route,
});

/** A surveyed home meeting today's standard but not the next, with no route, location or link, unless the test gives them. */
export const portfolioHome = (
  home: Pick<PortfolioHome, 'home_id' | 'address' | 'rating' | 'band'> & Partial<PortfolioHome>,
): PortfolioHome => ({
  source: 'survey',
  report_id: null,
  postcode: '',
  certificate_date: '2024-03-05',
  certificate_expires: '2034-03-05',
  meets_now: true,
  meets_next: false,
  compliant_until: null,
  route: null,
  location: null,
  report_url: '',
  premium_purchased: false,
  ...home,
});

const PORTFOLIO: Portfolio = {
  portfolio_id: 7,
  name: 'Riverside lets',
  client_name: 'Pat Landlord',
  client_email: 'pat@landlord.example',
  client_company: 'Riverside Homes',
  branding_id: 'default',
  share_url: 'https://app.example.test/s/portfolio/7/Portfoliosluggy0001',
  deleted: false,
};

type Summary = PortfolioView['summary'];

const sumOf = (ends: ({ low_pence: number; high_pence: number } | null)[]) =>
  ends.reduce<{ low_pence: number; high_pence: number }>(
    (sum, e) => (e ? { low_pence: sum.low_pence + e.low_pence, high_pence: sum.high_pence + e.high_pence } : sum),
    NO_PENCE,
  );

const countBands = (bands: string[]) => bands.reduce((counts, band) => ({ ...counts, [band]: counts[band] + 1 }), bandCounts());

/** The totals as the server adds them up from these homes: each home's band after is the one its route reaches. */
export function summaryOf(homes: PortfolioHome[]): Summary {
  const failingNext = homes.filter((h) => h.meets_next === false);
  const caps = (cap: Route['cap']) => homes.filter((h) => h.route?.cap === cap).length;
  return {
    homes: homes.length,
    failing_now: homes.filter((h) => h.meets_now === false).length,
    failing_next: failingNext.length,
    no_route: failingNext.filter((h) => !h.route).length,
    over_cap: caps('over'),
    may_exceed_cap: caps('may-exceed'),
    cost_unknown: caps('cost-unknown'),
    cost: sumOf(homes.map((h) => h.route?.cost ?? null)),
    after: sumOf(homes.map((h) => h.route?.after ?? null)),
    bands_now: countBands(homes.map((h) => h.band)),
    bands_after: countBands(homes.map((h) => h.route?.reaches_band ?? h.band)),
  };
}

/** A portfolio's compliance view of these homes, worst first, under the standards above, with their totals unless the test gives some. */
export function complianceView({
  portfolio,
  summary,
  ...view
}: Pick<PortfolioView, 'homes'> &
  Partial<Omit<PortfolioView, 'portfolio' | 'summary'>> & { portfolio?: Partial<Portfolio>; summary?: Partial<Summary> }): PortfolioView {
  const whole: PortfolioView = {
    success: true,
    portfolio: { ...PORTFOLIO, ...portfolio },
    on_date: '2026-07-01',
    order: 'worst-first',
    standard_now: STANDARD_NOW,
    standard_next: STANDARD_NEXT,
    map: { tile_url: 'https://tiles.example.test/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' },
    ...view,
    summary: { ...summaryOf(view.homes), ...summary },
  };
  // Checked, not copied: a test finds its own home objects in the view.
  portfolioView.parse(whole);
  return whole;
}
