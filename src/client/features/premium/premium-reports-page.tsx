import { Link, useLocation } from 'react-router-dom';
import { REPORT_TYPE } from '../../../shared/states';
import { ReportsView } from '../reports';
import type { FinalisedState } from './finalise-form';
import './premium.css';

function finalisedOf(state: unknown): FinalisedState | null {
  if (!state || typeof state !== 'object' || !('finalised' in state) || typeof state.finalised !== 'string') return null;
  // A state without the server's word (kept in the history from before) claims no email.
  const emailed = 'ownerEmailedWhenReady' in state && state.ownerEmailedWhenReady === true;
  return { finalised: state.finalised, ownerEmailedWhenReady: emailed };
}

/**
 * What finalising did, as the server answered it: the owner is emailed their link only when they
 * bought the report themselves, and only once its PDF is ready; nobody is emailed otherwise.
 */
function FinalisedNote({ finalised }: { finalised: FinalisedState }) {
  return (
    <p role="status" className="premium-finalised">
      {finalised.ownerEmailedWhenReady
        ? `We are drawing the Premium report for ${finalised.finalised}; the owner will be emailed their link when it is ready.`
        : `We are drawing the Premium report for ${finalised.finalised}. It is in Premium reports when it says Ready!; the owner was not emailed because you bought it: send them its link yourself.`}
    </p>
  );
}

/** Premium Reports (/premium): finalised Premium reports, each opening its PDF and offering the owner's Premium link. */
export default function PremiumReportsPage() {
  const finalised = finalisedOf(useLocation().state);
  return (
    <div className="reports-page">
      <h1>Premium Reports</h1>
      {finalised ? <FinalisedNote finalised={finalised} /> : null}
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
