import { useEffect, useState } from 'react';
import { Spinner } from '../components/spinner';
import { LINK_PAGE_MODE } from '../../shared/states';
import { useCheckPaymentStatusMutation, useSharedReportQuery, type PaymentCheck } from './api';
import { ShowBrand } from './brand-context';
import { Link, sharedPaths } from './location';

const CHECK_FAILED_TITLE = 'Problem checking your payment';
const CHECK_FAILED_TEXT = 'There was a problem checking the status of your payment. Please check with your card issuer.';

/** The three values Stripe adds to the return address. */
function readReturnQuery(): PaymentCheck['req'] | null {
  const query = new URLSearchParams(window.location.search);
  const payment_intent = query.get('payment_intent');
  const payment_intent_client_secret = query.get('payment_intent_client_secret');
  const redirect_status = query.get('redirect_status') ?? '';
  return payment_intent && payment_intent_client_secret ? { payment_intent, payment_intent_client_secret, redirect_status } : null;
}

/** The owner's report, from the return address the payment form gave Stripe; only a well-formed "id/slug". */
function readReportPath(): string | null {
  const report = new URLSearchParams(window.location.search).get('report') ?? '';
  return /^\d{1,12}\/[\w-]{16,64}$/.test(report) ? report : null;
}

/** The ways on from the payment, in the assessor's brand, when the address names the report it was for. */
function WayBack({ reportPath }: { reportPath: string | null }) {
  // The landing's own query (same arguments): "Back to your report" then opens without asking again.
  const { data: report } = useSharedReportQuery(
    { report_path: reportPath ?? '', initial_mode: LINK_PAGE_MODE.upsell },
    { skip: reportPath === null },
  );
  if (!reportPath) return null;
  return (
    <>
      <ShowBrand assessor={report?.assessor} />
      <nav className="shared-back" aria-label="Your report">
        <Link to={sharedPaths.landing(reportPath)}>← Back to your report</Link>
        {report ? (
          <>
            {' · '}
            <Link to={sharedPaths.measures(reportPath)}>Get installer quotes</Link>
          </>
        ) : null}
      </nav>
    </>
  );
}

/** /paymentComplete: where Stripe sends the owner back. The server, not the address, says whether it was paid. */
export function PaymentCompletePage() {
  const [check, { data, isError }] = useCheckPaymentStatusMutation();
  const [values] = useState(readReturnQuery);
  const [reportPath] = useState(readReportPath);
  const missing = values === null;

  useEffect(() => {
    // The client secret must not stay in the history or be bookmarked with the page.
    if (window.location.search) window.history.replaceState(null, '', window.location.pathname);
    if (values) void check(values);
  }, [check, values]);

  if (missing || isError)
    return (
      <section className="shared-card shared-center" role="alert">
        <h1>{CHECK_FAILED_TITLE}</h1>
        <p>{CHECK_FAILED_TEXT}</p>
        <WayBack reportPath={reportPath} />
      </section>
    );
  if (!data)
    return (
      <section className="shared-card shared-center">
        <Spinner label="Checking your payment" />
        <WayBack reportPath={reportPath} />
      </section>
    );
  const result = data.data;
  return (
    <section className="shared-card shared-center">
      <h1>{result.short}</h1>
      <p>{result.long}</p>
      {result.report_name ? <p className="shared-note">Report: {result.report_name}</p> : null}
      {result.paid && result.email ? <p className="shared-note">Receipt sent to {result.email}</p> : null}
      <WayBack reportPath={reportPath} />
    </section>
  );
}
