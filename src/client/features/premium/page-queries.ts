import { api } from '../../lib/api';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { get } from '../../lib/request';
import { idTag, listTag } from '../../lib/tags';
import type { ResponseOf } from '../../../shared/api/define';
import { PAGE_DATA_PATHS } from '../../../shared/api/paths';
import type { pendingList } from '../../../shared/api/premium';

/*
 * The pending list's query, apart from Premium's other calls (api.ts): zod-free (the contract's
 * types only, its path from the paths module), so the app's entry can start it while the page's
 * chunk and zod are on their way.
 */
const pendingListApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Refetched on every pendingUpdate push and socket reconnect (socket.ts), so every open tab's
    // list, and the wizard waiting for a card payment, see a purchase or a finalise at once.
    pendingReports: build.query<ResponseOf<typeof pendingList>, void>({
      query: () => get(PAGE_DATA_PATHS.pendingList),
      providesTags: (result) => [listTag('PendingList'), ...(result?.reports_list ?? []).map((r) => idTag('Report', r.report_id))],
    }),
  }),
});

export const { usePendingReportsQuery } = pendingListApi;

/** The Pending page's first call, fetched ahead. */
export const prefetchPendingReports: PagePrefetch = (dispatch) => dispatch(pendingListApi.util.prefetch('pendingReports', undefined, {}));
