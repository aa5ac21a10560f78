import { api } from '../../lib/api';
import { request } from '../../lib/request';
import { idTag, invalidateOnSuccess, listTag } from '../../lib/tags';
import { keyedCall, type Keyed } from '../../lib/idempotent-call';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { REPORT_TYPE } from '../../../shared/states';
import { finalisePremiumReport, unprocessedPremiumReport } from '../../../shared/api/premium';

export type UnprocessedReport = ResponseOf<typeof unprocessedPremiumReport>['report_data'];

/** Finalising a Premium report waiting for the assessor; the pending list's query is in page-queries.ts. */
const premiumApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useUnprocessedReportQuery, useFinaliseReportMutation } = premiumApi;
