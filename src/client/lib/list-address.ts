/**
 * A paged list's search text, page and list (the deleted items, for a list whose deleted items
 * share its path) as its address keeps them (?search=&page=&deleted=yes), read the same way by the
 * list and by what fetches its first page ahead of it.
 */
export function listAddressOf(params: URLSearchParams): { search: string; page: number; deleted: boolean } {
  return {
    search: params.get('search') ?? '',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    deleted: params.get('deleted') === 'yes',
  };
}

/**
 * The query string values a paged list's call sends: only what differs from the first page of the
 * live list with no search (the server's defaults), so equal lists are asked for alike.
 */
export function pagedListQuery({ deleted, search, page }: { deleted?: boolean; search?: string; page?: number }): {
  deleted?: 'yes';
  search?: string;
  page?: number;
} {
  return { ...(deleted ? { deleted: 'yes' } : {}), ...(search ? { search } : {}), ...(page && page > 1 ? { page } : {}) };
}
