import { lazy, Suspense } from 'react';
import type { SharedReport } from './api';
import { AppointmentBooking } from './appointment-booking';
import { ShowBrand } from './brand-context';
import { buysOnline, visitLabel } from './landing-views';
import { Link, sharedPaths } from './location';
import { Spinner } from '../components/spinner';
import { PREMIUM_DELIVERY } from '../../shared/constants';

// Its own chunk: Stripe.js and its React bindings load only when the owner opens the payment form.
const PaymentForm = lazy(() => import(/* webpackChunkName: "payment-form" */ './payment-form'));

/**
 * Pay-now (./paynow): the card form where the owner can buy the Premium online; otherwise the
 * visit booking (or how to arrange the visit); a report already bought says it is on its way.
 * Its heading says which, as the landing's button to it does (landing-views.tsx).
 */
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
  if (buysOnline(report))
    return (
      <>
        <ShowBrand assessor={report.assessor} />
        <section className="shared-card">
          {back}
          <h1>Buy your Premium Report</h1>
          <Suspense fallback={<Spinner label="Loading the payment form" />}>
            <PaymentForm reportPath={reportPath} assessor={report.assessor} />
          </Suspense>
        </section>
      </>
    );
  return (
    <>
      <ShowBrand assessor={report.assessor} />
      <section className="shared-card">
        {back}
        <h1>{visitLabel(report)}</h1>
        <p>Your assessor visits your home to update its EPC.</p>
        <AppointmentBooking report={report} reportPath={reportPath} />
      </section>
    </>
  );
}
