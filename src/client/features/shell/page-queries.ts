import { api } from '../../lib/api';
import { get } from '../../lib/request';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { prefetchDisplayVars } from '../session';
import type { checkMessages } from '../../../shared/api/messages';
import type { ResponseOf } from '../../../shared/api/define';
import { PAGE_DATA_PATHS } from '../../../shared/api/paths';

/*
 * What the shell asks before it shows any logged-in page, apart from its other calls (api.ts):
 * zod-free (the contract's types only, its path from the paths module), so the app's entry can
 * start it while the shell's chunk and zod are on their way.
 */
const messagesQueryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The blocking messages (new terms, announcements) a user must answer before using the app. */
    checkMessages: build.query<ResponseOf<typeof checkMessages>, void>({
      query: () => get(PAGE_DATA_PATHS.checkMessages),
      providesTags: ['Messages'],
    }),
  }),
});

export const { useCheckMessagesQuery } = messagesQueryApi;

/** The blocking messages and the display values every logged-in page shows, fetched ahead. */
export const prefetchShell: PagePrefetch = (dispatch, url) => {
  dispatch(messagesQueryApi.util.prefetch('checkMessages', undefined, {}));
  prefetchDisplayVars(dispatch, url);
};
