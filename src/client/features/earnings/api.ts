import { api } from '../../lib/api';
import { get } from '../../lib/request';
import type { PagePrefetch } from '../../lib/page-prefetch';
import type { agentEarnings } from '../../../shared/api/earnings';
import type { ResponseOf } from '../../../shared/api/define';
import { PAGE_DATA_PATHS } from '../../../shared/api/paths';

export type Earnings = ResponseOf<typeof agentEarnings>;

/* Zod-free (the contract's types only, its path from the paths module): the app's entry starts this call. */
const earningsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A newCommissionPayment push invalidates 'Earnings' (app/socket.ts): an open My Earnings reloads.
    agentEarnings: build.query<Earnings, void>({
      query: () => get(PAGE_DATA_PATHS.agentEarnings),
      providesTags: ['Earnings'],
    }),
  }),
});

export const { useAgentEarningsQuery } = earningsApi;

/** My Earnings' first call, fetched ahead. */
export const prefetchEarnings: PagePrefetch = (dispatch) => dispatch(earningsApi.util.prefetch('agentEarnings', undefined, {}));
