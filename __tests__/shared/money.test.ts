import { formatLodgedCost, formatMoney, formatPoundRange, formatPounds, formatPrice, parseCostRange } from '../../src/shared/money';

describe('formatMoney', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [99, '£0.99'],
    [100, '£1.00'],
    [4500, '£45.00'],
    [12345, '£123.45'],
    [123456789, '£1,234,567.89'],
    [100000, '£1,000.00'],
    [-250, '-£2.50'],
  ])('shows %i pence as %s', (pence, shown) => {
    expect(formatMoney(pence)).toBe(shown);
  });

  it('rounds a fraction of a penny to the nearest penny', () => {
    expect(formatMoney(99.6)).toBe('£1.00');
    expect(formatMoney(100.4)).toBe('£1.00');
  });

  it('shows a pound sign for GBP in any case, and other currencies by their code', () => {
    expect(formatMoney(4500, 'gbp')).toBe('£45.00');
    expect(formatMoney(4500, 'EUR')).toBe('EUR 45.00');
    expect(formatMoney(1999, 'usd')).toBe('USD 19.99');
  });

  it('drops a whole .00 only when asked', () => {
    expect(formatMoney(4500, 'GBP', { dropWholeZeros: true })).toBe('£45');
    expect(formatMoney(4550, 'GBP', { dropWholeZeros: true })).toBe('£45.50');
  });
});

describe('formatPrice', () => {
  it.each([
    [4500, '£45'],
    [9900, '£99'],
    [1250, '£12.50'],
    [1, '£0.01'],
    [0, '£0'],
  ])('shows %i pence as %s', (pence, shown) => {
    expect(formatPrice(pence)).toBe(shown);
  });
});

describe('formatPounds: estimates in whole pounds', () => {
  it.each([
    [0, '£0'],
    [401500, '£4,015'],
    [123456789, '£1,234,568'],
    [250, '£3'],
    [249, '£2'],
    [-12000, '-£120'],
    [-40, '£0'],
  ])('shows %i pence as %s', (pence, shown) => {
    expect(formatPounds(pence)).toBe(shown);
  });
});

describe('formatPoundRange: one way to write a range', () => {
  it('joins the ends with a spaced en dash', () => {
    expect(formatPoundRange(400000, 600000)).toBe('£4,000 – £6,000');
    expect(formatPoundRange(401500, 603000)).toBe('£4,015 – £6,030');
    expect(formatPoundRange(8000, 12000)).toBe('£80 – £120');
  });

  it('shows one amount when the ends agree in whole pounds', () => {
    expect(formatPoundRange(100000, 100000)).toBe('£1,000');
    expect(formatPoundRange(100000, 100020)).toBe('£1,000');
  });

  it('puts ends given the wrong way round in order', () => {
    expect(formatPoundRange(600000, 400000)).toBe('£4,000 – £6,000');
  });
});

describe('formatLodgedCost: costs shown as lodged are re-written in the one format', () => {
  it.each([
    ['£100 - £350', '£100 – £350'],
    ['£4,015 - £6,030', '£4,015 – £6,030'],
    ['£4,015 – £6,030', '£4,015 – £6,030'],
    ['£2,000-£4,000', '£2,000 – £4,000'],
    ['£800 to £1,200', '£800 – £1,200'],
    ['2000', '£2,000'],
    ['  £20  ', '£20'],
    ['Â£100 - Â£350', '£100 – £350'],
  ])('writes %p as %p', (lodged, shown) => {
    expect(formatLodgedCost(lodged)).toBe(shown);
  });

  it('leaves words that are no amount as lodged, trimmed', () => {
    expect(formatLodgedCost(' Not applicable ')).toBe('Not applicable');
    expect(formatLodgedCost('about £500')).toBe('about £500');
  });

  it('gives null for a blank cost, so each display chooses its own stand-in', () => {
    expect(formatLodgedCost('')).toBeNull();
    expect(formatLodgedCost('   ')).toBeNull();
    expect(formatLodgedCost(null)).toBeNull();
  });

  it('reads back every range it writes', () => {
    for (const [low, high] of [
      [400000, 600000],
      [100000, 100000],
      [1500, 3000],
    ]) {
      expect(parseCostRange(formatPoundRange(low, high))).toEqual({ low, high });
    }
  });
});
