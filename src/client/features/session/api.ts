import { api, request } from '../../app/api';
import { displayVars, logout, ping } from '../../../shared/api/access';
import type { ResponseOf } from '../../../shared/api/define';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation rather than a query: every ping must reach the server, nothing is worth caching.
    ping: build.mutation<ResponseOf<typeof ping>, void>({ query: () => request(ping) }),
    logout: build.mutation<ResponseOf<typeof logout>, void>({ query: () => request(logout) }),
    displayVars: build.query<ResponseOf<typeof displayVars>, void>({
      query: () => request(displayVars),
      providesTags: ['DisplayVars'],
    }),
  }),
});

export const { useLogoutMutation, useDisplayVarsQuery } = sessionApi;
