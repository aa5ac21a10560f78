import { Link } from 'react-router-dom';
import { DELETED_REPORT_RETENTION_DAYS } from '../../../shared/constants';
import { ReportsView } from './reports-view';
import { DELETE_MODE } from '../../../shared/states';

/** Deleted Reports (/deleted): undelete, or delete for good before the 30-day purge does. */
export default function DeletedReportsPage() {
  return (
    <div className="reports-page">
      <h1>Deleted Reports</h1>
      <p className="reports-intro">
        Deleted reports are erased after {DELETED_REPORT_RETENTION_DAYS} days. Until then you can undelete them.
      </p>
      <ReportsView
        mode="preliminary"
        deleted
        empty={
          <p>
            There are no deleted reports. Your reports are in the <Link to="/reports">Report List</Link>.
          </p>
        }
        rowActions={(report, { confirm, undelete, busy }) => (
          <>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              aria-label={`Undelete the report for ${report.name}`}
              onClick={() => undelete(report)}
            >
              Undelete
            </button>
            <button
              type="button"
              className="secondary danger"
              disabled={busy}
              aria-label={`Delete the report for ${report.name} permanently`}
              onClick={() => confirm(report, DELETE_MODE.permaDelete)}
            >
              Delete permanently
            </button>
          </>
        )}
      />
    </div>
  );
}
