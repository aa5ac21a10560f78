import { api } from '../../lib/api';
import { request } from '../../lib/request';
import { idTag, invalidateOnSuccess, listTag } from '../../lib/tags';
import type { RequestOf, ResponseOf } from '../../../shared/api/define';
import { REPORT_MODES, reportDelete, reportUrl } from '../../../shared/api/reports';

/** Every report list's tag: the modes' lists, and the deleted one. */
const everyList = [...REPORT_MODES, 'deleted'].map((list) => listTag('ReportList', list));

/** What the lists do to a report; the lists' own query is in page-queries.ts. */
const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation: the address is short-lived and must be fresh for every click, never cached.
    reportUrl: build.mutation<ResponseOf<typeof reportUrl>, RequestOf<typeof reportUrl>>({
      query: (body) => request(reportUrl, body),
    }),
    deleteReport: build.mutation<ResponseOf<typeof reportDelete>, RequestOf<typeof reportDelete>>({
      query: (body) => request(reportDelete, body),
      // The report leaves one list and (unless erased) joins another; any list showing it refetches.
      invalidatesTags: invalidateOnSuccess(({ report_id }) => [idTag('Report', report_id), ...everyList]),
    }),
  }),
});

export const { useReportUrlMutation, useDeleteReportMutation } = reportsApi;
