import { api } from '../../lib/api';
import { request } from '../../lib/request';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { prefetchDisplayVars } from '../session';
import { answerMessage, checkMessages } from '../../../shared/api/messages';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { invalidateOnSuccess } from '../../lib/tags';

/** The blocking messages (new terms, announcements) a user must answer before using the app. */
const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkMessages: build.query<ResponseOf<typeof checkMessages>, void>({
      query: () => request(checkMessages),
      providesTags: ['Messages'],
    }),
    answerMessage: build.mutation<ResponseOf<typeof answerMessage>, RequestOf<typeof answerMessage>>({
      query: (body) => request(answerMessage, body),
      invalidatesTags: invalidateOnSuccess(['Messages']),
    }),
  }),
});

export const { useCheckMessagesQuery, useAnswerMessageMutation } = messagesApi;

/** What the shell waits for before it shows any logged-in page (the blocking messages), and its display values, fetched ahead. */
export const prefetchShell: PagePrefetch = (dispatch, url) => {
  dispatch(messagesApi.util.prefetch('checkMessages', undefined, {}));
  prefetchDisplayVars(dispatch, url);
};
