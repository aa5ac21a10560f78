import { api } from '../../lib/api';
import { request } from '../../lib/request';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { agentEarnings } from '../../../shared/api/earnings';
import type { ResponseOf } from '../../../shared/api/define';

export type Earnings = ResponseOf<typeof agentEarnings>;

const earningsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A newCommissionPayment push invalidates 'Earnings' (app/socket.ts): an open My Earnings reloads.
    agentEarnings: build.query<Earnings, void>({
      query: () => request(agentEarnings),
      providesTags: ['Earnings'],
    }),
  }),
});

export const { useAgentEarningsQuery } = earningsApi;

/** My Earnings' first call, fetched ahead. */
export const prefetchEarnings: PagePrefetch = (dispatch) => dispatch(earningsApi.util.prefetch('agentEarnings', undefined, {}));
