import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { listAddressOf, pagedListQuery } from '../../lib/list-address';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { get } from '../../lib/request';
import { idTag, listTag } from '../../lib/tags';
import type { QueryOf, ResponseOf } from '../../../shared/api/define';
import { PAGE_DATA_PATHS } from '../../../shared/api/paths';
import type { PortfolioListItem, portfoliosList } from '../../../shared/api/portfolios';

/*
 * The portfolio list's query, apart from the portfolios' other calls (api.ts): zod-free (the
 * contract's types only, its path from the paths module), so the app's entry can start the list's
 * first page while the page's chunk and zod are on their way.
 */

/** No sort here: the server sends each page newest first and the adapter keeps that order. */
export const portfoliosAdapter = createEntityAdapter({ selectId: (portfolio: PortfolioListItem) => portfolio.portfolio_id });

interface PortfolioPage {
  portfolios: EntityState<PortfolioListItem, number>;
  total: number;
  page: number;
}

interface PortfolioListArgs {
  /** The deleted portfolios rather than the live ones. */
  deleted?: boolean;
  search?: string;
  page?: number;
}

/** The tags of the two portfolio lists, the live one and the deleted one. */
export const LIVE_PORTFOLIOS = listTag('PortfolioList', 'live');
export const DELETED_PORTFOLIOS = listTag('PortfolioList', 'deleted');

const portfolioListApi = api.injectEndpoints({
  endpoints: (build) => ({
    portfolioList: build.query<PortfolioPage, PortfolioListArgs>({
      query: (list) => {
        const query: QueryOf<typeof portfoliosList> = pagedListQuery(list);
        return get(PAGE_DATA_PATHS.portfoliosList, query);
      },
      transformResponse: (res: ResponseOf<typeof portfoliosList>) => ({
        portfolios: portfoliosAdapter.setAll(portfoliosAdapter.getInitialState(), res.portfolios),
        total: res.total,
        page: res.page,
      }),
      // Per portfolio too, so a home added on a portfolio's page updates its count in the list.
      providesTags: (result, _error, args) => [
        ...(result?.portfolios.ids ?? []).map((id) => idTag('Portfolio', id)),
        args.deleted ? DELETED_PORTFOLIOS : LIVE_PORTFOLIOS,
      ],
    }),
  }),
});

export const { usePortfolioListQuery } = portfolioListApi;

/** The portfolio list's query at the search, page and list (live or deleted) its address holds. */
export function portfolioListArgs(params: URLSearchParams): PortfolioListArgs {
  const { search, page, deleted } = listAddressOf(params);
  return { deleted, search: search || undefined, page };
}

/** The Portfolios page's first call, fetched ahead. */
export const prefetchPortfolioList: PagePrefetch = (dispatch, url) =>
  dispatch(portfolioListApi.util.prefetch('portfolioList', portfolioListArgs(url.searchParams), {}));
