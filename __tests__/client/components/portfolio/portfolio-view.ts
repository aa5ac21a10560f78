import type { PortfolioHome, PortfolioView } from '../../../../src/shared/api/portfolios';
import { complianceView, portfolioHome, routeToC, summaryOf } from '../../../support/portfolio-view';

/* Five homes covering every state a home can be in against the standards, certified in 2021 unless one says. */

const home = (over: Parameters<typeof portfolioHome>[0]): PortfolioHome =>
  portfolioHome({ certificate_date: '2021-03-15', certificate_expires: '2031-03-15', ...over });

export const REPORT_URL = 'https://app.example.test/s/12/Abcdefghijklmnop1234';

/** Worst first: G, F, E, D, C. */
export const HOMES = {
  unknownCost: home({
    home_id: 5,
    source: 'register',
    address: '5 Marsh Road',
    postcode: 'EF5 6GH',
    rating: 15,
    band: 'G',
    meets_now: false,
    route: routeToC({ steps: [{ name: 'Room-in-roof insulation', cost: '', rating_after: null }], cost: null, cap: 'cost-unknown' }),
  }),
  withinCap: home({
    home_id: 1,
    report_id: 12,
    address: '1 High Street, AB1 2CD',
    postcode: 'AB1 2CD',
    rating: 35,
    band: 'F',
    meets_now: false,
    route: routeToC({
      steps: [
        { name: 'Loft insulation', cost: '£100 - £350', rating_after: 45 },
        { name: 'Solid wall insulation', cost: '£4,000 - £6,000', rating_after: 70 },
      ],
      cost: { low_pence: 410_000, high_pence: 635_000 },
      cap: 'within',
      grants: { low_pence: 100_000, high_pence: 200_000 },
      after: { low_pence: 210_000, high_pence: 535_000 },
      schemes: [{ scheme: 'Great British Insulation Scheme', url: 'https://www.gov.uk/apply-great-british-insulation-scheme' }],
    }),
    location: { lat: 51.5, lng: -0.12 },
    report_url: REPORT_URL,
  }),
  noRoute: home({ home_id: 4, source: 'register', address: '4 Quay Side', postcode: 'GH7 8IJ', rating: 50, band: 'E' }),
  overCap: home({
    home_id: 2,
    source: 'register',
    address: '2 Mill Lane',
    postcode: 'CD3 4EF',
    rating: 60,
    band: 'D',
    route: routeToC({
      steps: [{ name: 'Air source heat pump', cost: '£11,000 - £14,000', rating_after: null }],
      reaches: 72,
      cost: { low_pence: 1_100_000, high_pence: 1_400_000 },
      cap: 'over',
    }),
    location: { lat: 51.6, lng: -0.1 },
  }),
  compliantUntil: home({
    home_id: 3,
    report_id: 13,
    address: '3 Park Road, AB1 9ZZ',
    postcode: 'AB1 9ZZ',
    rating: 75,
    band: 'C',
    certificate_date: '2024-05-01',
    certificate_expires: '2034-05-01',
    meets_next: true,
    compliant_until: '2034-05-01',
    report_url: 'https://app.example.test/s/13/Bcdefghijklmnopq5678',
    premium_purchased: true,
  }),
} satisfies Record<string, PortfolioHome>;

const ALL_HOMES = [HOMES.unknownCost, HOMES.withinCap, HOMES.noRoute, HOMES.overCap, HOMES.compliantUntil];

/** The five homes' view; its summary counts all five whichever homes a test lists. */
export const portfolioViewOf = (over: Partial<PortfolioView> = {}): PortfolioView =>
  complianceView({ homes: ALL_HOMES, summary: summaryOf(ALL_HOMES), ...over });
