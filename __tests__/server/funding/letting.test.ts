import { lettingOf, scottishLettingOf } from '../../../src/server/funding/letting';
import { homeWith, measure } from './funding-helpers';

const LOFT = measure('5', '£100 - £350', 5);
const WALLS = measure('7', '£5,000 - £8,000', 20);
const HEAT_PUMP = measure('51', '£4,000 - £6,000', 12);
const rented = (rating: number, country: 'ENG' | 'WLS' | 'SCT' | 'NIR' = 'ENG') => homeWith({ country, tenure: 'rented-private', rating });

describe('letting rules for a private rented home', () => {
  it('band F: fails E today; the cheapest way to E is within the £3,500 cap; C for 2030 may cost more than £10,000', () => {
    const letting = lettingOf(rented(35), [LOFT, WALLS, HEAT_PUMP])!;
    expect(letting.meetsMinimum).toBe(false);
    expect(letting.toReachMinimum?.map((m) => m.code)).toEqual(['5']);
    expect(letting.minimumCostCapPence).toBe(350_000);
    expect(letting.minimumWithinCap).toBe('within');
    expect(letting.target2030).toEqual({ meets: false, withinCap: 'may-exceed' });
    expect(letting.toReachC?.map((m) => m.code)).toEqual(['5', '7', '51']);
  });

  it('band C already meets both the minimum and the 2030 target', () => {
    const letting = lettingOf(rented(72), [LOFT])!;
    expect([letting.meetsMinimum, letting.target2030?.meets, letting.toReachC]).toEqual([true, true, []]);
  });

  it('Wales follows the same rules; Scotland and Northern Ireland do not, nor owner-occupied or social homes', () => {
    expect(lettingOf(rented(50, 'WLS'), [LOFT])?.minimumBand).toBe('E');
    expect(lettingOf(rented(50, 'SCT'), [LOFT])).toBeNull();
    expect(lettingOf(rented(50, 'NIR'), [LOFT])).toBeNull();
    expect(lettingOf(homeWith({ country: 'ENG', tenure: 'rented-social', rating: 30 }), [LOFT])).toBeNull();
    expect(lettingOf(homeWith({ country: 'ENG', tenure: 'owner-occupied', rating: 30 }), [LOFT])).toBeNull();
  });

  it("Scotland's proposal is judged for private rented homes there only", () => {
    expect(scottishLettingOf(rented(60, 'SCT'), [LOFT, HEAT_PUMP])).toEqual({ meetsOnCurrentRating: false, toReachC: [HEAT_PUMP] });
    expect(scottishLettingOf(rented(60, 'ENG'), [LOFT])).toBeNull();
  });
});
