import { formatMoney, formatPrice } from '../../src/shared/money';

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
