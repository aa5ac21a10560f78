import { api } from '../../lib/api';
import { request } from '../../lib/request';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { gettingStarted } from '../../../shared/api/account';
import type { ResponseOf } from '../../../shared/api/define';

export const gettingStartedApi = api.injectEndpoints({
  endpoints: (build) => ({
    gettingStarted: build.query<ResponseOf<typeof gettingStarted>, void>({
      query: () => request(gettingStarted),
      providesTags: ['GettingStarted'],
    }),
  }),
});

export const { useGettingStartedQuery } = gettingStartedApi;

/** Getting Started's first call, fetched ahead. */
export const prefetchGettingStarted: PagePrefetch = (dispatch) =>
  dispatch(gettingStartedApi.util.prefetch('gettingStarted', undefined, {}));
