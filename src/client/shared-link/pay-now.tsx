import { lazy, Suspense } from 'react';
import type { SharedReport } from './api';
import { AppointmentBooking } from './appointment-booking';
import { ShowBrand } from './brand-context';
import { Link, sharedPaths } from './location';
import { Spinner } from '../components/spinner';
import { PREMIUM_DELIVERY } from '../../shared/constants';
import { LINK_PAGE_MODE } from '../../shared/states';

// Its own chunk: Stripe.js and its React bindings load only when the owner opens the payment form.
const PaymentForm = lazy(() => import(/* webpackChunkName: "payment-form" */ './payment-form'));

/** Pay-now: the card form for 'free' reports, a visit booking for 'questionnaire-free'; a report already bought says it is on its way. */
export function PayNow({ report, reportPath }: { report: SharedReport['res']; reportPath: string }) {
  const back = (
    <p className="shared-back">
      <Link to={sharedPaths.landing(reportPath)}>← Back to your free report</Link>
    </p>
  );
  if (report.premium_purchased)
    return (
      <>
        <ShowBrand assessor={report.assessor} />
        <section className="shared-card">
          {back}
          <h1>Your Premium report is on its way</h1>
          <p>
            A Premium report has been bought for {report.short_title}. Your assessor is preparing it and it will be with you{' '}
            {PREMIUM_DELIVERY}.
          </p>
        </section>
      </>
    );
  return (
    <>
      <ShowBrand assessor={report.assessor} />
      <section className="shared-card">
        {back}
        <h1>Purchase your Premium Report</h1>
        {report.report_mode === LINK_PAGE_MODE.free && (
          <Suspense fallback={<Spinner label="Loading the payment form" />}>
            <PaymentForm reportPath={reportPath} />
          </Suspense>
        )}
        {report.report_mode === LINK_PAGE_MODE.questionnaireFree && <AppointmentBooking report={report} reportPath={reportPath} />}
      </section>
    </>
  );
}
