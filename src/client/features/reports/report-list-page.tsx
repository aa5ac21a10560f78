import { Link } from 'react-router-dom';
import { ReportsView } from './reports-view';

/** Report List (/reports): the user's Preliminary reports, newest first. */
export default function ReportListPage() {
  return (
    <div className="reports-page">
      <h1>Report List</h1>
      <ReportsView
        mode="preliminary"
        empty={
          <>
            <p>You have not created any reports yet. Upload the XML files of a survey and your first report is minutes away.</p>
            <Link className="button" to="/uploadXml">
              Create a report
            </Link>
          </>
        }
        rowActions={(report, { confirm, busy }) =>
          report.deleteable !== false ? (
            <button
              type="button"
              className="secondary"
              disabled={busy}
              aria-label={`Delete the report for ${report.name}`}
              onClick={() => confirm(report, 'delete')}
            >
              Delete
            </button>
          ) : null
        }
      />
    </div>
  );
}
