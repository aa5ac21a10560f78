import { api } from '../../lib/api';
import { get } from '../../lib/request';
import type { PagePrefetch } from '../../lib/page-prefetch';
import type { gettingStarted } from '../../../shared/api/account';
import type { ResponseOf } from '../../../shared/api/define';
import { PAGE_DATA_PATHS } from '../../../shared/api/paths';

/* Zod-free (the contract's types only, its path from the paths module): the app's entry starts this call. */
export const gettingStartedApi = api.injectEndpoints({
  endpoints: (build) => ({
    gettingStarted: build.query<ResponseOf<typeof gettingStarted>, void>({
      query: () => get(PAGE_DATA_PATHS.gettingStarted),
      providesTags: ['GettingStarted'],
    }),
  }),
});

export const { useGettingStartedQuery } = gettingStartedApi;

/** Getting Started's first call, fetched ahead. */
export const prefetchGettingStarted: PagePrefetch = (dispatch) =>
  dispatch(gettingStartedApi.util.prefetch('gettingStarted', undefined, {}));
