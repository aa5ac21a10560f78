import { api, request } from '../../app/api';
import { getAccount, saveAccount } from '../../../shared/api/access';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { invalidateOnSuccess } from '../../app/tags';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<ResponseOf<typeof getAccount>, void>({
      query: () => request(getAccount),
      providesTags: ['Account'],
    }),
    saveAccount: build.mutation<ResponseOf<typeof saveAccount>, RequestOf<typeof saveAccount>>({
      query: (body) => request(saveAccount, body),
      // The menu greets the user by the name saved here.
      invalidatesTags: invalidateOnSuccess(['Account' as const, 'DisplayVars' as const]),
    }),
  }),
});

export const { useGetAccountQuery, useSaveAccountMutation } = accountApi;
