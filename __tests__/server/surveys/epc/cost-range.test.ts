import { addRanges, formatCostRange, formatPounds, parseCostRange } from '../../../../src/server/surveys/epc/cost-range';

describe('indicative costs', () => {
  it.each([
    ['£4,000 - £6,000', 400000, 600000],
    ['£15 - £30', 1500, 3000],
    ['£100', 10000, 10000],
    ['£1,500 - £3,500', 150000, 350000],
    ['£9,000 - £14,000', 900000, 1400000],
    ['£1,000', 100000, 100000],
    ['2000', 200000, 200000],
    ['5', 500, 500],
    ['£100 – £350', 10000, 35000],
    ['£2,000-£4,000', 200000, 400000],
    ['£800 to £1,200', 80000, 120000],
    ['£2.50 - £5', 250, 500],
    ['Â£100 - Â£350', 10000, 35000],
    ['  £20  ', 2000, 2000],
  ])('reads %s as a range in pence', (lodged, low, high) => {
    expect(parseCostRange(lodged)).toEqual({ low, high });
  });

  it.each(['', 'Not applicable', '£', 'about £500', '£4,000 - ', '£1,00', '-£5', null, undefined])('does not guess at %p', (lodged) => {
    expect(parseCostRange(lodged)).toBeNull();
  });

  it('writes totals in the one range form: whole pounds and a spaced en dash', () => {
    expect(formatCostRange(addRanges({ low: 400000, high: 600000 }, { low: 1500, high: 3000 }))).toBe('£4,015 – £6,030');
    expect(formatCostRange({ low: 100000, high: 100000 })).toBe('£1,000');
    expect(formatPounds(123456789)).toBe('£1,234,568');
    expect(formatPounds(250)).toBe('£3');
    expect(formatPounds(0)).toBe('£0');
  });

  it('reads back the totals it writes, and the hyphen form stored in older rows', () => {
    const total = { low: 401500, high: 603000 };
    expect(parseCostRange(formatCostRange(total))).toEqual(total);
    expect(parseCostRange('£4,015 - £6,030')).toEqual(total);
  });
});
