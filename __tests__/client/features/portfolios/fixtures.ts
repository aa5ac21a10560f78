import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import type { PortfolioHome, PortfolioListItem, PortfolioView } from '../../../../src/shared/api/portfolios';
import { portfolioDetails } from '../../../../src/shared/api/portfolios';

let nextId = 500;

/** A portfolio as the list call sends it. */
export function portfolioItem(overrides: Partial<PortfolioListItem> = {}): PortfolioListItem {
  const id = overrides.portfolio_id ?? nextId++;
  return {
    portfolio_id: id,
    name: `Portfolio ${id}`,
    client_name: 'Pat Landlord',
    client_company: 'Pat Lets Ltd',
    home_count: 3,
    failing_next: 2,
    // 5 March 2024, 12:00 UTC
    created_at: 1709640000,
    share_url: `http://localhost/s/portfolio/${id}/abcdefghijklmnop`,
    ...overrides,
  };
}

const STANDARD_NEXT = {
  band: 'C',
  applies_from: '2030-10-01',
  cap_pence: 1_000_000,
  exemption_years: 5,
  status: 'decided' as const,
  source: 'https://www.gov.uk/government/consultations/improving-the-energy-performance-of-privately-rented-homes',
};

const STANDARD_NOW = {
  band: 'E',
  applies_from: '2018-04-01',
  cap_pence: 350_000,
  exemption_years: 5,
  status: 'in-force' as const,
  source: 'https://www.gov.uk/guidance/domestic-private-rented-property-minimum-energy-efficiency-standard-landlord-guidance',
};

/** A home below band C with a route to it, from a survey. */
export function homeOf(overrides: Partial<PortfolioHome> = {}): PortfolioHome {
  const id = overrides.home_id ?? nextId++;
  return {
    home_id: id,
    source: 'survey',
    report_id: id + 1000,
    address: `${id} Acacia Avenue, Leeds`,
    postcode: 'LS1 4AB',
    rating: 57,
    band: 'D',
    certificate_date: '2024-03-05',
    certificate_expires: '2034-03-04',
    meets_now: true,
    meets_next: false,
    compliant_until: null,
    route: {
      steps: [{ name: 'Loft insulation', cost: '£100 - £350', rating_after: 70 }],
      reaches: 70,
      reaches_band: 'C',
      cost: { low_pence: 10_000, high_pence: 35_000 },
      cap: 'within',
      grants: { low_pence: 0, high_pence: 0 },
      after: { low_pence: 10_000, high_pence: 35_000 },
      schemes: [],
    },
    location: { lat: 53.8, lng: -1.55 },
    report_url: `http://localhost/s/${id + 1000}/acacia-avenue`,
    premium_purchased: false,
    ...overrides,
  };
}

const bands = (counts: Partial<Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G', number>>) => ({
  A: 0,
  B: 0,
  C: 0,
  D: 0,
  E: 0,
  F: 0,
  G: 0,
  ...counts,
});

/** The compliance view of a portfolio with the given homes; the totals are what the test says. */
export function viewOf(
  portfolioId: number,
  homes: PortfolioHome[],
  overrides: { deleted?: boolean; order?: PortfolioView['order']; failingNext?: number } = {},
): PortfolioView {
  return {
    success: true,
    portfolio: {
      portfolio_id: portfolioId,
      name: 'Northern Lets',
      client_name: 'Pat Landlord',
      client_email: 'pat@example.com',
      client_company: 'Pat Lets Ltd',
      branding_id: 'default',
      share_url: `http://localhost/s/portfolio/${portfolioId}/abcdefghijklmnop`,
      deleted: overrides.deleted ?? false,
    },
    on_date: '2025-01-15',
    order: overrides.order ?? 'worst-first',
    standard_now: STANDARD_NOW,
    standard_next: STANDARD_NEXT,
    summary: {
      homes: homes.length,
      failing_now: 0,
      failing_next: overrides.failingNext ?? homes.filter((home) => home.meets_next === false).length,
      no_route: 0,
      over_cap: 0,
      may_exceed_cap: 0,
      cost_unknown: 0,
      cost: { low_pence: 10_000 * homes.length, high_pence: 35_000 * homes.length },
      after: { low_pence: 10_000 * homes.length, high_pence: 35_000 * homes.length },
      bands_now: bands({ D: homes.length }),
      bands_after: bands({ C: homes.length }),
    },
    homes,
    map: { tile_url: 'https://tile.example/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' },
  };
}

/** GET /api/portfolio answering the view the test holds, and noting each query. */
export function portfolioCall(view: () => PortfolioView) {
  const queries: Record<string, string>[] = [];
  const handler = http.get(`${API_ORIGIN}${portfolioDetails.path}`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = portfolioDetails.query.safeParse(query);
    if (!parsed.success) throw new Error(`Client sent a query the contract refuses: ${parsed.error.message}`);
    queries.push(query);
    const answer = view();
    return HttpResponse.json(portfolioDetails.response.parse({ ...answer, order: parsed.data.order ?? 'worst-first' }));
  });
  return { handler, queries };
}
