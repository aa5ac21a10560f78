import { Link } from 'react-router-dom';
import type { ReportListItem } from '../../../shared/api/reports';
import { PREMIUM_DELIVERY, PRIORITY_LABELS } from '../../../shared/constants';
import { pendingReportPath } from '../../../shared/links';
import { BUYER } from '../../../shared/states';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { usePendingReportsQuery } from './page-queries';
import { boughtText, dueDayText, isOverdue } from './dates';
import '../../components/list.css';
import './premium.css';

type PendingDetails = NonNullable<ReportListItem['pending']>;

/** The contract gives who bought it but not how an assessor paid, so the assessor's own purchase is just "You". */
const buyerText = (pending: PendingDetails) => (pending.bought_by === BUYER.owner ? pending.buyer_email : 'You');

/** Soonest due first, so what is overdue or due today heads the list. */
const byDueDate = (a: ReportListItem, b: ReportListItem) =>
  (a.pending?.due_date ?? '').localeCompare(b.pending?.due_date ?? '') || (a.pending?.purchased_at ?? 0) - (b.pending?.purchased_at ?? 0);

function DueCell({ dueDate }: { dueDate: string }) {
  // In words as well as red: colour alone is lost on some readers.
  if (isOverdue(dueDate)) {
    return (
      <td data-label="Due" className="pending-overdue">
        <strong>Overdue</strong>: due {dueDayText(dueDate)}
      </td>
    );
  }
  return <td data-label="Due">Due {dueDayText(dueDate)}</td>;
}

function PendingRow({ report }: { report: ReportListItem }) {
  const { pending } = report;
  return (
    <tr>
      <th scope="row" data-label="Report">
        <Link to={pendingReportPath(report.report_id)}>{report.name}</Link>
      </th>
      <td data-label="Bought by">{pending ? buyerText(pending) : ''}</td>
      <td data-label="Bought">{pending ? boughtText(pending.purchased_at) : ''}</td>
      <td data-label="Owner's priority">{pending?.priority ? PRIORITY_LABELS[pending.priority] : 'None given'}</td>
      {pending ? <DueCell dueDate={pending.due_date} /> : <td data-label="Due" />}
    </tr>
  );
}

/** Pending (/pending): Premium reports bought and waiting for the assessor to finalise them. */
export default function PendingPage() {
  const { data, isLoading, isError, isFetching, refetch } = usePendingReportsQuery();
  const reports = [...(data?.reports_list ?? [])].sort(byDueDate);

  let body;
  if (isLoading) body = <Spinner label="Loading pending reports" />;
  else if (isError || !data) body = <LoadError what="your pending reports" onRetry={() => void refetch()} />;
  else if (reports.length === 0) {
    body = (
      <div className="panel panel-outline list-empty">
        <p>No Premium reports are waiting for you. When one is bought, it appears here for you to finalise.</p>
      </div>
    );
  } else {
    body = (
      <div className="data-table-wrap" aria-busy={isFetching}>
        <table className="data-table premium-table cards-when-narrow">
          <caption className="visually-hidden">Premium reports waiting to be finalised, soonest due first</caption>
          <thead>
            <tr>
              <th scope="col">Report</th>
              <th scope="col">Bought by</th>
              <th scope="col">Bought</th>
              <th scope="col">Owner&apos;s priority</th>
              <th scope="col">Due</th>
            </tr>
          </thead>
          <tbody>
            {reports.map((report) => (
              <PendingRow key={report.report_id} report={report} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="premium-page">
      <h1>Pending</h1>
      <p className="premium-intro">
        Premium reports bought for your customers wait here until you finalise them; each is due {PREMIUM_DELIVERY} of purchase. Open one to
        choose its plans and write your remarks.
      </p>
      {body}
    </div>
  );
}
