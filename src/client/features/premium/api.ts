import { api } from '../../lib/api';
import { request } from '../../lib/request';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { idTag, invalidateOnSuccess, listTag } from '../../lib/tags';
import { keyedCall, type Keyed } from '../../lib/idempotent-call';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { REPORT_TYPE } from '../../../shared/states';
import { finalisePremiumReport, pendingList, unprocessedPremiumReport } from '../../../shared/api/premium';

export type UnprocessedReport = ResponseOf<typeof unprocessedPremiumReport>['report_data'];

/** Premium reports waiting for the assessor, and finalising one. */
const premiumApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Refetched on every pendingUpdate push and socket reconnect (socket.ts), so every open tab's
    // list, and the wizard waiting for a card payment, see a purchase or a finalise at once.
    pendingReports: build.query<ResponseOf<typeof pendingList>, void>({
      query: () => request(pendingList),
      providesTags: (result) => [listTag('PendingList'), ...(result?.reports_list ?? []).map((r) => idTag('Report', r.report_id))],
    }),
    // No tags: what a pending report offers does not change until it is finalised, and a refetch
    // (a push, a reconnect) while the assessor edits would only cost a call; the draft is theirs.
    unprocessedReport: build.query<UnprocessedReport, number>({
      query: (reportId) => request(unprocessedPremiumReport, { report_id: reportId }),
      transformResponse: (res: ResponseOf<typeof unprocessedPremiumReport>) => res.report_data,
    }),
    // The report leaves the pending list (and the badge's count) for the Premium list.
    finaliseReport: build.mutation<ResponseOf<typeof finalisePremiumReport>, Keyed<RequestOf<typeof finalisePremiumReport>>>({
      queryFn: keyedCall<RequestOf<typeof finalisePremiumReport>, ResponseOf<typeof finalisePremiumReport>>((body) =>
        request(finalisePremiumReport, body),
      ),
      invalidatesTags: invalidateOnSuccess(({ body: { report_id } }) => [
        'PendingList',
        'DisplayVars',
        listTag('ReportList', REPORT_TYPE.premium),
        idTag('Report', report_id),
      ]),
    }),
  }),
});

export const { usePendingReportsQuery, useUnprocessedReportQuery, useFinaliseReportMutation } = premiumApi;

/** The Pending page's first call, fetched ahead. */
export const prefetchPendingReports: PagePrefetch = (dispatch) => dispatch(premiumApi.util.prefetch('pendingReports', undefined, {}));
