import { api, request } from '../../app/api';
import { agentEarnings } from '../../../shared/api/settings';
import type { ResponseOf } from '../../../shared/api/define';

export type Earnings = ResponseOf<typeof agentEarnings>;

export const earningsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A newCommissionPayment push invalidates 'Earnings' (app/socket.ts): an open My Earnings reloads.
    agentEarnings: build.query<Earnings, void>({
      query: () => request(agentEarnings),
      providesTags: ['Earnings'],
    }),
  }),
});

export const { useAgentEarningsQuery } = earningsApi;
