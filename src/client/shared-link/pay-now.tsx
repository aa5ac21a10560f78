import type { SharedReport } from './api';
import { AppointmentBooking } from './appointment-booking';
import { LINK_PAGE_MODE } from '../../shared/states';

/** Pay-now: the card form for 'free' reports (a later issue), a visit booking for 'questionnaire-free'. */
export function PayNow({ report, reportPath }: { report: SharedReport['res']; reportPath: string }) {
  return (
    <section className="shared-card">
      <h1>Purchase your Premium Report</h1>
      {report.report_mode === LINK_PAGE_MODE.free && (
        // Stripe will load only with that form; until it exists, say so plainly rather than fake one.
        <p className="shared-note" role="note">
          Card payment for the Premium Report is coming soon. Please check back shortly, or ask your assessor.
        </p>
      )}
      {report.report_mode === LINK_PAGE_MODE.questionnaireFree && (
        <AppointmentBooking reportName={report.report_name} reportPath={reportPath} />
      )}
    </section>
  );
}
