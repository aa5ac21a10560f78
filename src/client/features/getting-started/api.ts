import { api, request } from '../../app/api';
import { gettingStarted } from '../../../shared/api/access';
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
