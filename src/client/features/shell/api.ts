import { api, request } from '../../app/api';
import { answerMessage, checkMessages } from '../../../shared/api/access';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { invalidateOnSuccess } from '../../app/tags';

/** The blocking messages (new terms, announcements) a user must answer before using the app. */
export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkMessages: build.query<ResponseOf<typeof checkMessages>, void>({
      query: () => request(checkMessages),
      providesTags: ['Messages'],
    }),
    answerMessage: build.mutation<ResponseOf<typeof answerMessage>, RequestOf<typeof answerMessage>>({
      query: (body) => request(answerMessage, body),
      invalidatesTags: invalidateOnSuccess(['Messages' as const]),
    }),
  }),
});

export const { useCheckMessagesQuery, useAnswerMessageMutation } = messagesApi;
