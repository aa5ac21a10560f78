import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import type { PortfolioHome, PortfolioListItem, PortfolioView } from '../../../../src/shared/api/portfolios';
import { portfolioDetails } from '../../../../src/shared/api/portfolios';
import { complianceView, portfolioHome, routeToC } from '../../../support/portfolio-view';

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

/** A home below band C with a route to it, from a survey. */
export function homeOf(overrides: Partial<PortfolioHome> = {}): PortfolioHome {
  const id = overrides.home_id ?? nextId++;
  return portfolioHome({
    home_id: id,
    report_id: id + 1000,
    address: `${id} Acacia Avenue, Leeds`,
    postcode: 'LS1 4AB',
    rating: 57,
    band: 'D',
    certificate_expires: '2034-03-04',
    route: routeToC({
      steps: [{ name: 'Loft insulation', cost: '£100 - £350', rating_after: 70 }],
      cost: { low_pence: 10_000, high_pence: 35_000 },
      cap: 'within',
    }),
    location: { lat: 53.8, lng: -1.55 },
    report_url: `http://localhost/s/${id + 1000}/acacia-avenue`,
    ...overrides,
  });
}

/** The compliance view of a portfolio with the given homes, and their totals. */
export function viewOf(portfolioId: number, homes: PortfolioHome[], overrides: { deleted?: boolean } = {}): PortfolioView {
  return complianceView({
    portfolio: {
      portfolio_id: portfolioId,
      name: 'Northern Lets',
      client_email: 'pat@example.com',
      client_company: 'Pat Lets Ltd',
      share_url: `http://localhost/s/portfolio/${portfolioId}/abcdefghijklmnop`,
      deleted: overrides.deleted ?? false,
    },
    on_date: '2025-01-15',
    homes,
    map: { tile_url: 'https://tile.example/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' },
  });
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
