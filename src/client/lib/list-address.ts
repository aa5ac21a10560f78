/**
 * A paged list's search text and page as its address keeps them (?search=&page=), read the same
 * way by the list and by what fetches its first page ahead of it.
 */
export function listAddressOf(params: URLSearchParams): { search: string; page: number } {
  return { search: params.get('search') ?? '', page: Math.max(1, Math.floor(Number(params.get('page'))) || 1) };
}
