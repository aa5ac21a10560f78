import type { ReactNode } from 'react';
import type { ReportListItem, ReportMode } from '../../../shared/api/reports';
import { REPORT_PAGE_SIZE } from '../../../shared/constants';
import { PagedList, useListAddress } from '../../components/paged-list';
import { useAppSelector } from '../../lib/hooks';
import { reportListArgs, reportsAdapter, useReportListQuery } from './page-queries';
import { ReportRow } from './report-row';
import { useReportActions } from './use-report-actions';
import './reports.css';

interface Props {
  mode: ReportMode;
  deleted?: boolean;
  /** What an empty list says when no search is active. */
  empty: ReactNode;
  /** The buttons of one row, given the list's actions. */
  rowActions: (report: ReportListItem, actions: ReturnType<typeof useReportActions>) => ReactNode;
}

const { selectAll } = reportsAdapter.getSelectors();

/** A searchable, paged list of reports, newest first; its search and page live in the address. */
export function ReportsView({ mode, deleted = false, empty, rowActions }: Props) {
  const address = useListAddress();
  const query = useReportListQuery(reportListArgs(mode, deleted, address.params));
  const showAssessor = useAppSelector((state) => state.session.role === 'estate agent');
  const actions = useReportActions();
  const reports = query.data ? selectAll(query.data.reports) : [];

  return (
    <>
      <PagedList
        address={address}
        noun="report"
        placeholder="Address, postcode or assessor ref"
        perPage={REPORT_PAGE_SIZE}
        query={query}
        count={reports.length}
        empty={empty}
        headings={
          <>
            <th scope="col">Report</th>
            <th scope="col">Created</th>
            <th scope="col">Current EPC</th>
            <th scope="col">Status</th>
            <th scope="col">Share link</th>
            {showAssessor ? <th scope="col">Assessor ID</th> : null}
          </>
        }
      >
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
      </PagedList>
      {actions.dialog}
    </>
  );
}
