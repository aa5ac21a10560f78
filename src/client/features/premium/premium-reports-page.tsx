import { Link, useLocation } from 'react-router-dom';
import { REPORT_TYPE } from '../../../shared/states';
import { ReportsView } from '../reports';
import type { FinalisedState } from './finalise-form';
import './premium.css';

const finalisedName = (state: unknown) =>
  state && typeof state === 'object' && 'finalised' in state && typeof state.finalised === 'string'
    ? (state as FinalisedState).finalised
    : null;

/** Premium Reports (/premium): finalised Premium reports, each opening its PDF and offering the owner's Premium link. */
export default function PremiumReportsPage() {
  const finalised = finalisedName(useLocation().state);
  return (
    <div className="reports-page">
      <h1>Premium Reports</h1>
      {finalised ? (
        <p role="status" className="premium-finalised">
          The Premium report for {finalised} is finalised. Its PDF is being made; it is ready here when it says Ready!, and the owner has
          been emailed their link.
        </p>
      ) : null}
      <ReportsView
        mode={REPORT_TYPE.premium}
        empty={
          <p>
            You have no finalised Premium reports yet. Reports waiting for you are in <Link to="/pending">Pending</Link>.
          </p>
        }
        // A finalised Premium report is what the owner paid for: it stays, so no delete here.
        rowActions={() => null}
      />
    </div>
  );
}
