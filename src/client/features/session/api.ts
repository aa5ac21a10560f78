import { api } from '../../lib/api';
import { post } from '../../lib/request';
import type { PagePrefetch } from '../../lib/page-prefetch';
import type { displayVars } from '../../../shared/api/account';
import type { logout, ping } from '../../../shared/api/access';
import type { ResponseOf } from '../../../shared/api/define';
import { SESSION_PATHS } from '../../../shared/api/paths';

/*
 * The app's entry loads these on every page, the login page included: only TYPES come from the
 * contract (`import type` is erased), the paths from the zod-free paths module, so the entry
 * carries no zod schema.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation rather than a query: every ping must reach the server, nothing is worth caching.
    ping: build.mutation<ResponseOf<typeof ping>, void>({ query: () => post(SESSION_PATHS.ping, {}) }),
    logout: build.mutation<ResponseOf<typeof logout>, void>({ query: () => post(SESSION_PATHS.logout, {}) }),
    displayVars: build.query<ResponseOf<typeof displayVars>, void>({
      query: () => ({ url: SESSION_PATHS.displayVars, method: 'GET' }),
      providesTags: ['DisplayVars'],
    }),
  }),
});

export const { useDisplayVarsQuery } = sessionApi;

/** The display values every logged-in page shows (name, pending count), fetched ahead. */
export const prefetchDisplayVars: PagePrefetch = (dispatch) => dispatch(sessionApi.util.prefetch('displayVars', undefined, {}));
