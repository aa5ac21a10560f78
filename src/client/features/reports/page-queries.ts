import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { listAddressOf, pagedListQuery } from '../../lib/list-address';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { get } from '../../lib/request';
import { idTag, listTag } from '../../lib/tags';
import type { QueryOf, ResponseOf } from '../../../shared/api/define';
import { PAGE_DATA_PATHS } from '../../../shared/api/paths';
import type { ReportListItem, ReportMode, reportsList } from '../../../shared/api/reports';

/*
 * The report lists' query, apart from the lists' other calls (api.ts): zod-free (the contract's
 * types only, its path from the paths module), so the app's entry can start a list's first page
 * while the page's chunk and zod are on their way.
 */

/** No sort here: the server sends each page newest first and the adapter keeps that order. */
export const reportsAdapter = createEntityAdapter({ selectId: (report: ReportListItem) => report.report_id });

interface ReportPage {
  reports: EntityState<ReportListItem, number>;
  total: number;
  page: number;
}

interface ReportListArgs {
  mode: ReportMode;
  /** The Deleted Reports list rather than the live one. */
  deleted?: boolean;
  search?: string;
  page?: number;
}

/** The list a query fills, as its tag id: a mode, or 'deleted'. */
const listOf = ({ mode, deleted }: Pick<ReportListArgs, 'mode' | 'deleted'>) => (deleted ? 'deleted' : mode);

const reportListApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportList: build.query<ReportPage, ReportListArgs>({
      query: ({ mode, ...list }) => {
        const query: QueryOf<typeof reportsList> = { mode, ...pagedListQuery(list) };
        return get(PAGE_DATA_PATHS.reportsList, query);
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
  }),
});

export const { useReportListQuery } = reportListApi;

/** The list's query for a mode (or the deleted list) at the search and page its address holds. */
export function reportListArgs(mode: ReportMode, deleted: boolean, params: URLSearchParams): ReportListArgs {
  const { search, page } = listAddressOf(params);
  return { mode, deleted, search: search || undefined, page };
}

/** The Report List, Deleted Reports and Premium Reports pages' first call, fetched ahead. */
export const prefetchReportList =
  (mode: ReportMode, deleted = false): PagePrefetch =>
  (dispatch, url) =>
    dispatch(reportListApi.util.prefetch('reportList', reportListArgs(mode, deleted, url.searchParams), {}));
