import type { Selectable } from 'kysely';
import type { RegisterCertificatesTable } from '../../../src/server/platform/db/schema';
import { certificateCompliance, registerTenureOf, type RegisterRecommendation } from '../../../src/server/portfolios/register-homes';

const TODAY = '2026-07-01';

const loft: RegisterRecommendation = { number: '5', text: 'Increase loft insulation to 270 mm', indicativeCost: '£100 - £350' };
const walls: RegisterRecommendation = { number: '7', text: 'Internal or external wall insulation', indicativeCost: '£4,000 - £14,000' };

function certificateRow(overrides: Partial<Selectable<RegisterCertificatesTable>> = {}): Selectable<RegisterCertificatesTable> {
  return {
    id: 1,
    user_id: 1,
    lmk_key: 'lmk-1',
    uprn: '',
    address: '1 High Street, Leeds',
    postcode: 'LS1 1AA',
    address_key: '1 high street leeds ls1 1aa',
    country: 'ENG',
    current_rating: 50,
    potential_rating: 75,
    property_type: 'House',
    tenure: 'rental (private)',
    lodgement_date: '2022-05-01',
    recommendations: JSON.stringify([loft, walls]),
    created_at: 0,
    ...overrides,
  };
}

describe('a home from a register certificate', () => {
  it('takes the whole list of recommendations as its route when the potential reaches C, with no rating per step', () => {
    const home = certificateCompliance(7, certificateRow(), TODAY);
    expect(home).toMatchObject({
      id: 7,
      address: '1 High Street, Leeds, LS1 1AA',
      rating: 50,
      band: 'E',
      certificateDate: '2022-05-01',
      certificateExpires: '2032-05-01',
      meetsNow: true,
      meetsNext: false,
      compliantUntil: null,
    });
    expect(home.route).toMatchObject({
      reaches: 75,
      cost: { low: 410_000, high: 1_435_000 },
      // The £10,000 cap of the 2030 standard: over it only at the high end.
      cap: 'may-exceed',
    });
    expect(home.route?.steps).toEqual([
      { code: '5', name: expect.stringMatching(/loft/i), implementationCost: '£100 - £350', epcTotal: null },
      { code: '7', name: expect.stringMatching(/wall/i), implementationCost: '£4,000 - £14,000', epcTotal: null },
    ]);
    expect(home.route!.grants.low).toBeLessThanOrEqual(home.route!.cost!.low);
    expect(home.route!.after).toEqual({ low: 410_000 - home.route!.grants.low, high: 1_435_000 - home.route!.grants.high });
  });

  it('has no route when the potential stays below C, however many recommendations it lists', () => {
    const home = certificateCompliance(1, certificateRow({ potential_rating: 68 }), TODAY);
    expect(home).toMatchObject({ meetsNext: false, route: null });
  });

  it('has no route when it lists no recommendations', () => {
    expect(certificateCompliance(1, certificateRow({ recommendations: '[]' }), TODAY).route).toBeNull();
  });

  it('reads the cost against the cap: within, over, and unknown once a cost cannot be read', () => {
    const withCosts = (...costs: string[]) =>
      certificateCompliance(
        1,
        certificateRow({ recommendations: JSON.stringify(costs.map((indicativeCost) => ({ ...loft, indicativeCost }))) }),
        TODAY,
      ).route;
    expect(withCosts('£100 - £350', '£2,000 - £3,000')).toMatchObject({ cap: 'within', cost: { low: 210_000, high: 335_000 } });
    expect(withCosts('£6,000 - £9,000', '£5,000 - £6,000')).toMatchObject({ cap: 'over', cost: { low: 1_100_000, high: 1_500_000 } });
    expect(withCosts('£100 - £350', 'Not known')).toMatchObject({ cap: 'cost-unknown', cost: null, after: null });
  });

  it('names a step the register lodges as words only by its words', () => {
    const home = certificateCompliance(
      1,
      certificateRow({ recommendations: JSON.stringify([{ number: null, text: 'Replace the front door', indicativeCost: '£500' }]) }),
      TODAY,
    );
    expect(home.route?.steps).toEqual([
      { code: 'Replace the front door', name: 'Replace the front door', implementationCost: '£500', epcTotal: null },
    ]);
  });

  it('keeps a home at C compliant until its certificate expires, with no route', () => {
    const home = certificateCompliance(1, certificateRow({ current_rating: 72, potential_rating: 80 }), TODAY);
    expect(home).toMatchObject({ band: 'C', meetsNext: true, compliantUntil: '2032-05-01', route: null });
  });

  it('holds a Welsh home to the England and Wales standards', () => {
    expect(certificateCompliance(1, certificateRow({ country: 'WLS', current_rating: 30 }), TODAY)).toMatchObject({
      band: 'F',
      meetsNow: false,
      meetsNext: false,
    });
  });

  it("reads the register's tenure words of every era", () => {
    expect(['rental (private)', 'Rented (social)', 'Owner-occupied', 'NO DATA!', 'unknown'].map(registerTenureOf)).toEqual([
      'rented-private',
      'rented-social',
      'owner-occupied',
      null,
      null,
    ]);
  });
});
