import { api } from '../../lib/api';
import { request } from '../../lib/request';
import { keyedCall, type Keyed } from '../../lib/idempotent-call';
import { invalidateOnSuccess, listTag } from '../../lib/tags';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { buyPremiumCheckoutInit } from '../../../shared/api/payments';
import { createReport } from '../../../shared/api/reports';
import { reportsDemo } from '../../../shared/api/premium';

/**
 * The Create Report wizard's calls. Brandings and the email template come from the settings
 * feature's hooks: one cache entry each, kept fresh by the settingsUpdate push for both screens.
 */
const createReportApi = api.injectEndpoints({
  endpoints: (build) => ({
    sampleReports: build.query<ResponseOf<typeof reportsDemo>, void>({
      query: () => request(reportsDemo, undefined, { mode: 'demo' }),
      providesTags: ['Demo'],
    }),
    // Keyed: sent again once, with the same key, when the answer is lost; the server makes one report.
    createReport: build.mutation<ResponseOf<typeof createReport>, Keyed<RequestOf<typeof createReport>>>({
      queryFn: keyedCall<RequestOf<typeof createReport>, ResponseOf<typeof createReport>>((body) => request(createReport, body)),
      // The new report heads the Preliminary list at once, as Generating; push tells when it is ready.
      invalidatesTags: invalidateOnSuccess([listTag('ReportList', 'preliminary')]),
    }),
    // A credit spent or a card checkout started: the credit count and the pending list change.
    buyPremiumReport: build.mutation<ResponseOf<typeof buyPremiumCheckoutInit>, Keyed<RequestOf<typeof buyPremiumCheckoutInit>>>({
      queryFn: keyedCall<RequestOf<typeof buyPremiumCheckoutInit>, ResponseOf<typeof buyPremiumCheckoutInit>>((body) =>
        request(buyPremiumCheckoutInit, body),
      ),
      invalidatesTags: invalidateOnSuccess(['DisplayVars', 'PendingList']),
    }),
  }),
});

export const { useSampleReportsQuery, useCreateReportMutation, useBuyPremiumReportMutation } = createReportApi;
