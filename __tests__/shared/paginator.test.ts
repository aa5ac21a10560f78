import { pageCount, paginatorPages } from '../../src/shared/paginator';

describe('paginatorPages', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 10]],
    [5, 10, [1, 3, 4, 5, 6, 7, 10]],
    [9, 10, [1, 7, 8, 9, 10]],
    [10, 10, [1, 8, 9, 10]],
  ])('on page %i of %i shows %j', (current, total, pages) => {
    expect(paginatorPages(current, total)).toEqual(pages);
  });

  it('never shows a page outside 1..total, even for a stale current page', () => {
    expect(paginatorPages(14, 10)).toEqual([1, 10]);
    expect(paginatorPages(0, 3)).toEqual([1, 2, 3]);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 1],
    [1, 1],
    [20, 1],
    [21, 2],
    [40, 2],
    [41, 3],
  ])('makes %i reports %i pages of 20', (items, pages) => {
    expect(pageCount(items, 20)).toBe(pages);
  });
});
