import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { listAddressOf } from '../../lib/list-address';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { request } from '../../lib/request';
import { idTag, invalidateOnSuccess, listTag } from '../../lib/tags';
import type { QueryOf, RequestOf, ResponseOf } from '../../../shared/api/define';
import { REPORT_MODES, reportDelete, reportsList, reportUrl, type ReportListItem, type ReportMode } from '../../../shared/api/reports';

/** No sort here: the server sends each page newest first and the adapter keeps that order. */
export const reportsAdapter = createEntityAdapter({ selectId: (report: ReportListItem) => report.report_id });

interface ReportPage {
  reports: EntityState<ReportListItem, number>;
  total: number;
  page: number;
}

export interface ReportListArgs {
  mode: ReportMode;
  /** The Deleted Reports list rather than the live one. */
  deleted?: boolean;
  search?: string;
  page?: number;
}

/** The list a query fills, as its tag id: a mode, or 'deleted'. */
const listOf = ({ mode, deleted }: Pick<ReportListArgs, 'mode' | 'deleted'>) => (deleted ? 'deleted' : mode);

const everyList = [...REPORT_MODES, 'deleted'].map((list) => listTag('ReportList', list));

const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportList: build.query<ReportPage, ReportListArgs>({
      query: ({ mode, deleted, search, page }) => {
        const query: QueryOf<typeof reportsList> = { mode };
        if (deleted) query.deleted = 'yes';
        if (search) query.search = search;
        if (page && page > 1) query.page = page;
        return request(reportsList, undefined, query);
      },
      transformResponse: (res: ResponseOf<typeof reportsList>) => ({
        reports: reportsAdapter.setAll(reportsAdapter.getInitialState(), res.reports_list),
        total: res.total,
        page: res.page,
      }),
      // Per report and per list, so a push about one report or about the whole list refreshes what shows it.
      providesTags: (result, _error, args) => [
        ...(result?.reports.ids ?? []).map((id) => idTag('Report', id)),
        listTag('ReportList', listOf(args)),
      ],
    }),
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

export const { useReportListQuery, useReportUrlMutation, useDeleteReportMutation } = reportsApi;

/** The list's query for a mode (or the deleted list) at the search and page its address holds. */
export function reportListArgs(mode: ReportMode, deleted: boolean, params: URLSearchParams): ReportListArgs {
  const { search, page } = listAddressOf(params);
  return { mode, deleted, search: search || undefined, page };
}

/** The Report List, Deleted Reports and Premium Reports pages' first call, fetched ahead. */
export const prefetchReportList =
  (mode: ReportMode, deleted = false): PagePrefetch =>
  (dispatch, url) =>
    dispatch(reportsApi.util.prefetch('reportList', reportListArgs(mode, deleted, url.searchParams), {}));
