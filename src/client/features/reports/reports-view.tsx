import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ReportListItem, ReportMode } from '../../../shared/api/reports';
import { REPORT_PAGE_SIZE } from '../../../shared/constants';
import { pageCount } from '../../../shared/paginator';
import { useAppSelector } from '../../lib/hooks';
import { Paginator } from '../../components/paginator';
import { Spinner } from '../../components/spinner';
import { reportListArgs, reportsAdapter, useReportListQuery } from './page-queries';
import { ReportRow } from './report-row';
import { SearchForm } from '../../components/search-form';
import { useReportActions } from './use-report-actions';
import './reports.css';
import { LoadError } from '../../components/load-error';

const NO_MATCH = 'No reports matched your search';

interface Props {
  mode: ReportMode;
  deleted?: boolean;
  /** What an empty list says when no search is active. */
  empty: ReactNode;
  /** The buttons of one row, given the list's actions. */
  rowActions: (report: ReportListItem, actions: ReturnType<typeof useReportActions>) => ReactNode;
}

const { selectAll } = reportsAdapter.getSelectors();

/**
 * A searchable, paged list of reports. Search text and page live in the address (?search=&page=),
 * so a reload or the Back button keeps them; the server searches, sorts and pages.
 */
export function ReportsView({ mode, deleted = false, empty, rowActions }: Props) {
  const [params, setParams] = useSearchParams();
  const args = reportListArgs(mode, deleted, params);
  const search = args.search ?? '';
  const page = args.page ?? 1;
  const { data, currentData, isLoading, isError, isFetching, refetch } = useReportListQuery(args);
  const showAssessor = useAppSelector((state) => state.session.role === 'estate agent');
  const actions = useReportActions();
  const pages = pageCount(data?.total ?? 0, REPORT_PAGE_SIZE);
  const reports = data ? selectAll(data.reports) : [];

  const go = (next: { search?: string; page?: number }, replace = false) => {
    const query: Record<string, string> = {};
    const text = next.search ?? search;
    if (text) query.search = text;
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query, { replace });
  };

  // A page past the end (its last report was deleted, or an old link): show the last page there is.
  const lastPage = currentData ? pageCount(currentData.total, REPORT_PAGE_SIZE) : page;
  useEffect(() => {
    if (page > lastPage) go({ page: lastPage }, true);
  });

  let body: ReactNode;
  if (isLoading) body = <Spinner label="Loading reports" />;
  else if (isError || !data) {
    body = <LoadError what="your reports" onRetry={() => void refetch()} />;
  } else if (reports.length === 0) {
    body = search ? (
      <div className="reports-empty">
        <p>{NO_MATCH}</p>
        <button type="button" className="secondary" onClick={() => go({ search: '', page: 1 })}>
          Clear search
        </button>
      </div>
    ) : (
      <div className="reports-empty">{empty}</div>
    );
  } else {
    body = (
      <div className="reports-table-wrap" aria-busy={isFetching}>
        <table className="reports-table">
          <thead>
            <tr>
              <th scope="col">Report</th>
              <th scope="col">Created</th>
              <th scope="col">Current EPC</th>
              <th scope="col">Status</th>
              <th scope="col">Share link</th>
              {showAssessor ? <th scope="col">Assessor ID</th> : null}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {reports.map((report) => (
              <ReportRow
                key={report.report_id}
                report={report}
                mode={mode}
                showAssessor={showAssessor}
                actions={
                  <>
                    {rowActions(report, actions)}
                    {actions.failureFor(report)}
                  </>
                }
              />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <>
      {/* Keyed by the search in the address, so Clear search also empties the box. */}
      <SearchForm
        key={search}
        label="Search reports"
        placeholder="Address, postcode or assessor ref"
        initial={search}
        onSearch={(text) => go({ search: text, page: 1 })}
      />
      {body}
      <Paginator page={page} pages={pages} onPageChange={(p) => go({ page: p })} label="Report pages" />
      {actions.dialog}
    </>
  );
}
