import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/spinner';
import { pendingReportPath } from '../../../shared/links';
import { formatPrice } from '../../../shared/money';
import { useGettingStartedQuery } from '../getting-started';
import { usePendingReportsQuery } from '../premium';
import { useBuyPremiumReportMutation } from './api';
import { useSubmissionKey } from '../../app/idempotent-call';
import { premiumRequest } from './report-request';
import { cardPaid, purchaseConfirmed, purchaseStarted, reportTypeChosen, stepChosen, wizardCleared } from './wizard-slice';

const WizardCardForm = lazy(() => import(/* webpackChunkName: "wizard-card-form" */ './wizard-card-form'));

/**
 * Waits for the server to confirm the payment. The premiumReportPaymentComplete push for this
 * report ends the wait (the wizard slice hears it); the report showing in the pending list, which
 * the same push refetches, ends it too, in case the push came while the connection was down.
 */
function Confirming({ rid }: { rid: number }) {
  const dispatch = useAppDispatch();
  const { data } = usePendingReportsQuery();
  const listed = data?.reports_list.some((r) => r.report_id === rid) ?? false;
  useEffect(() => {
    if (listed) dispatch(purchaseConfirmed(rid));
  }, [dispatch, listed, rid]);
  return <Spinner label="We are confirming your payment" />;
}

function Done({ rid }: { rid: number }) {
  const dispatch = useAppDispatch();
  return (
    <div>
      <p>Your Premium Report is ready for you to finalise: choose its plans and add your remarks.</p>
      <div className="wizard-actions">
        <button type="button" className="secondary" onClick={() => dispatch(wizardCleared())}>
          Create another report
        </button>
        <Link className="button primary" to={pendingReportPath(rid)} onClick={() => dispatch(wizardCleared())}>
          Edit Premium Report
        </Link>
      </div>
    </div>
  );
}

/**
 * How a Premium report is paid for: one of the assessor's free credits, or by card at the trade
 * price. With no credits it goes straight to the card form; without card payment set up on the
 * server, credits only. The purchase is kept in the wizard slice, so a reload while the payment is
 * being confirmed goes on waiting for it.
 */
export function PaymentStep({ credits, cardPayments, elmhurst }: { credits: number; cardPayments: boolean; elmhurst: boolean }) {
  const dispatch = useAppDispatch();
  const wizard = useAppSelector((state) => state.wizard);
  const purchase = wizard.purchase;
  const { data: prices } = useGettingStartedQuery();
  const [buy, { isLoading }] = useBuyPremiumReportMutation();
  const submission = useSubmissionKey();
  const id = useId();
  const price = prices ? formatPrice(prices.current_premium_price_pence) : '';

  const start = async (useCredit: boolean) => {
    const result = await buy(submission.keyed(premiumRequest(wizard, wizard.brandingId ?? '', elmhurst, useCredit)));
    if (result.error) {
      window.alert(errorMessage(result.error));
      return;
    }
    submission.succeeded();
    dispatch(purchaseStarted(result.data));
  };

  // With nothing to choose between, the card form opens at once; once only, so a refused start
  // (an alert) leaves the button to try again rather than a loop.
  const startedByItself = useRef(false);
  const straightToCard = credits === 0 && cardPayments && !purchase;
  useEffect(() => {
    if (!straightToCard || startedByItself.current) return;
    startedByItself.current = true;
    void start(false);
    // start reads the wizard at the moment it runs; this runs once, when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [straightToCard]);

  let body;
  if (purchase?.stage === 'done') body = <Done rid={purchase.rid} />;
  else if (purchase?.stage === 'confirming') body = <Confirming rid={purchase.rid} />;
  else if (purchase?.stage === 'card')
    body = (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <p>Pay {price} by card.</p>
        <WizardCardForm publishableKey={purchase.pk} clientSecret={purchase.cs} onPaid={() => dispatch(cardPaid())} />
      </Suspense>
    );
  else
    body = (
      <>
        {credits > 0 ? (
          <p>
            You have {credits} free premium {credits === 1 ? 'credit' : 'credits'}.
          </p>
        ) : null}
        {!cardPayments ? (
          <p className="wizard-notice" role="note">
            Card payment is not set up on this server, so Premium Reports can be bought with premium credits only.
          </p>
        ) : null}
        <div className="wizard-actions">
          {credits > 0 ? (
            <button type="button" className="primary" disabled={isLoading} onClick={() => void start(true)}>
              Use one of my free premium credits
            </button>
          ) : null}
          {cardPayments ? (
            <button type="button" className={credits > 0 ? 'secondary' : 'primary'} disabled={isLoading} onClick={() => void start(false)}>
              Pay by card{price ? ` (${price})` : ''}
            </button>
          ) : null}
          {!cardPayments && credits === 0 ? (
            <button
              type="button"
              className="primary"
              onClick={() => {
                dispatch(reportTypeChosen('preliminary'));
                dispatch(stepChosen('branding'));
              }}
            >
              Create a Preliminary Report instead
            </button>
          ) : null}
        </div>
        {isLoading ? <Spinner label="Starting your purchase" /> : null}
      </>
    );

  return (
    <section className="wizard-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Payment</h2>
      {body}
    </section>
  );
}
