import { remarksLines, remarksState } from '../../src/shared/rules/remarks';

const linesOf = (n: number) => Array.from({ length: n }, () => 'A short remark').join('\n');

describe('remarksLines', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['x'.repeat(72), 1],
    ['x'.repeat(73), 2],
    ['x'.repeat(144), 2],
    ['x'.repeat(145), 3],
    ['first\nsecond', 2],
    ['first\n\nthird', 3],
    ['\n', 2],
    [`${'x'.repeat(100)}\nshort`, 3],
  ])('counts %j as %i lines of 72 characters', (text, lines) => {
    expect(remarksLines(text)).toBe(lines);
  });
});

describe('remarksState', () => {
  it.each([
    [0, 'ok'],
    [40, 'ok'],
    [41, 'warn'],
    [49, 'warn'],
    [50, 'over'],
    [80, 'over'],
  ])('at %i lines is %s', (n, state) => {
    expect(remarksState(linesOf(n))).toBe(state);
  });

  it('counts wrapped long lines towards the limit', () => {
    // 25 lines of 144 characters wrap to 50 lines.
    expect(remarksState(Array.from({ length: 25 }, () => 'x'.repeat(144)).join('\n'))).toBe('over');
  });
});
