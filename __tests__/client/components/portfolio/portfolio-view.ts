import * as portfolios from '../../../../src/shared/api/portfolios';
import type { PortfolioHome, PortfolioView } from '../../../../src/shared/api/portfolios';

/*
 * A hand-made compliance view, checked against the contract's schema so a field renamed there
 * fails here first: five homes covering every state a home can be in against the standards.
 */

const noBands = { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0 };

const home = (over: Partial<PortfolioHome> & Pick<PortfolioHome, 'home_id' | 'address' | 'rating' | 'band'>): PortfolioHome => ({
  source: 'survey',
  report_id: null,
  postcode: '',
  certificate_date: '2021-03-15',
  certificate_expires: '2031-03-15',
  meets_now: true,
  meets_next: false,
  compliant_until: null,
  route: null,
  location: null,
  report_url: '',
  premium_purchased: false,
  ...over,
});

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
    route: {
      steps: [{ name: 'Room-in-roof insulation', cost: '', rating_after: null }],
      reaches: 70,
      reaches_band: 'C',
      cost: null,
      cap: 'cost-unknown',
      grants: { low_pence: 0, high_pence: 0 },
      after: null,
      schemes: [],
    },
  }),
  withinCap: home({
    home_id: 1,
    report_id: 12,
    address: '1 High Street, AB1 2CD',
    postcode: 'AB1 2CD',
    rating: 35,
    band: 'F',
    meets_now: false,
    route: {
      steps: [
        { name: 'Loft insulation', cost: '£100 - £350', rating_after: 45 },
        { name: 'Solid wall insulation', cost: '£4,000 - £6,000', rating_after: 70 },
      ],
      reaches: 70,
      reaches_band: 'C',
      cost: { low_pence: 410_000, high_pence: 635_000 },
      cap: 'within',
      grants: { low_pence: 100_000, high_pence: 200_000 },
      after: { low_pence: 210_000, high_pence: 535_000 },
      schemes: [{ scheme: 'Great British Insulation Scheme', url: 'https://www.gov.uk/apply-great-british-insulation-scheme' }],
    },
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
    route: {
      steps: [{ name: 'Air source heat pump', cost: '£11,000 - £14,000', rating_after: null }],
      reaches: 72,
      reaches_band: 'C',
      cost: { low_pence: 1_100_000, high_pence: 1_400_000 },
      cap: 'over',
      grants: { low_pence: 0, high_pence: 0 },
      after: { low_pence: 1_100_000, high_pence: 1_400_000 },
      schemes: [],
    },
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

export const portfolioViewOf = (over: Partial<PortfolioView> = {}): PortfolioView =>
  portfolios.portfolioView.parse({
    success: true,
    portfolio: {
      portfolio_id: 7,
      name: 'Riverside lets',
      client_name: 'Pat Landlord',
      client_email: 'pat@landlord.example',
      client_company: 'Riverside Homes',
      branding_id: 'default',
      share_url: 'https://app.example.test/s/portfolio/7/Portfoliosluggy0001',
      deleted: false,
    },
    on_date: '2026-07-01',
    order: 'worst-first',
    standard_now: {
      band: 'E',
      applies_from: '2020-04-01',
      cap_pence: 350_000,
      exemption_years: 5,
      status: 'in-force',
      source: 'https://www.gov.uk/guidance/domestic-private-rented-property-minimum-energy-efficiency-standard-landlord-guidance',
    },
    standard_next: {
      band: 'C',
      applies_from: '2030-10-01',
      cap_pence: 1_000_000,
      exemption_years: 10,
      status: 'decided',
      source: 'https://www.gov.uk/government/consultations/improving-the-energy-performance-of-privately-rented-homes-2025-update',
    },
    summary: {
      homes: 5,
      failing_now: 2,
      failing_next: 4,
      no_route: 1,
      over_cap: 1,
      may_exceed_cap: 0,
      cost_unknown: 1,
      cost: { low_pence: 1_510_000, high_pence: 2_035_000 },
      after: { low_pence: 1_310_000, high_pence: 1_935_000 },
      bands_now: { ...noBands, C: 1, D: 1, E: 1, F: 1, G: 1 },
      bands_after: { ...noBands, C: 4, E: 1 },
    },
    homes: [HOMES.unknownCost, HOMES.withinCap, HOMES.noRoute, HOMES.overCap, HOMES.compliantUntil],
    map: { tile_url: 'https://tiles.example.test/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' },
    ...over,
  });
