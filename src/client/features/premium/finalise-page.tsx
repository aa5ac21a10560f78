import { Link, useParams } from 'react-router-dom';
import { rowIdFromText } from '../../../shared/api/define';
import { Spinner } from '../../components/spinner';
import { useUnprocessedReportQuery } from './api';
import { FinaliseForm } from './finalise-form';
import './premium.css';

/** /pending/{id}: the assessor finalises a Premium report's plans and remarks. */
export default function FinalisePage() {
  const { pendingReportId = '' } = useParams();
  const reportId = rowIdFromText(pendingReportId);
  const { data, isLoading, isError, refetch } = useUnprocessedReportQuery(reportId ?? 0, { skip: reportId === null });

  let body;
  if (reportId === null || isError) {
    body = (
      <div role="alert" className="premium-load-error">
        <p>Error loading data</p>
        {reportId !== null ? (
          <button type="button" className="secondary" onClick={() => void refetch()}>
            Try again
          </button>
        ) : null}
      </div>
    );
  } else if (isLoading || !data) body = <Spinner label="Loading the report" />;
  else body = <FinaliseForm key={reportId} reportId={reportId} report={data} />;

  return (
    <div className="premium-page premium-finalise-page">
      <div className="premium-finalise-title">
        <h1>Finalise Premium Report</h1>
        {data && !isError ? <p className="premium-report-name">{data.name}</p> : null}
        <p className="premium-back">
          <Link to="/pending">Back to Pending</Link>
        </p>
      </div>
      {body}
    </div>
  );
}
