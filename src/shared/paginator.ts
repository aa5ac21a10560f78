import { PAGINATOR_SPREAD } from './constants';

/** Pages to show: the first, the last, and PAGINATOR_SPREAD pages either side of the current (1-based). */
export function paginatorPages(current: number, total: number): number[] {
  if (total <= 0) return [];
  const pages = new Set<number>([1, total]);
  for (let p = current - PAGINATOR_SPREAD; p <= current + PAGINATOR_SPREAD; p++) {
    if (p >= 1 && p <= total) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}

export const pageCount = (items: number, pageSize: number) => Math.max(1, Math.ceil(items / pageSize));
