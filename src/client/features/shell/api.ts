import { api } from '../../lib/api';
import { request } from '../../lib/request';
import { answerMessage } from '../../../shared/api/messages';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { invalidateOnSuccess } from '../../lib/tags';

/** Answering a blocking message; the check for one is in page-queries.ts. */
const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    answerMessage: build.mutation<ResponseOf<typeof answerMessage>, RequestOf<typeof answerMessage>>({
      query: (body) => request(answerMessage, body),
      invalidatesTags: invalidateOnSuccess(['Messages']),
    }),
  }),
});

export const { useAnswerMessageMutation } = messagesApi;
