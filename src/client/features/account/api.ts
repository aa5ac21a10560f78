import { api } from '../../lib/api';
import { request } from '../../lib/request';
import { getAccount, saveAccount } from '../../../shared/api/account';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { invalidateOnSuccess } from '../../lib/tags';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<ResponseOf<typeof getAccount>, void>({
      query: () => request(getAccount),
      providesTags: ['Account'],
    }),
    saveAccount: build.mutation<ResponseOf<typeof saveAccount>, RequestOf<typeof saveAccount>>({
      query: (body) => request(saveAccount, body),
      // The menu greets the user by the name saved here.
      invalidatesTags: invalidateOnSuccess(['Account', 'DisplayVars']),
    }),
  }),
});

export const { useGetAccountQuery, useSaveAccountMutation } = accountApi;
