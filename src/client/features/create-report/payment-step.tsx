import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { InlineAlert } from '../../components/inline-alert';
import { Spinner } from '../../components/spinner';
import { pendingReportPath } from '../../../shared/links';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { formatPrice } from '../../../shared/money';
import { useGettingStartedQuery } from '../getting-started';
import { useDisplayVarsQuery } from '../session';
import { usePendingReportsQuery } from '../premium';
import { useBuyPremiumReportMutation } from './api';
import { useSubmissionKey } from '../../lib/idempotent-call';
import { premiumRequest } from './report-request';
import { cardPaid, purchaseConfirmed, purchaseStarted, reportTypeChosen, stepChosen, wizardCleared } from './wizard-slice';
import type { CardCheckout, CardCheckoutAnswer } from './wizard-card-form';

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
 * server, credits only. The card form opens with the publishable key and the trade price alone:
 * the report, its purchase and the payment are made only when the assessor presses Pay, so a step
 * opened and left makes nothing. Once paid, the purchase is kept in the wizard slice, so a reload
 * while the payment is being confirmed goes on waiting for it.
 */
export function PaymentStep({ credits, cardPayments, elmhurst }: { credits: number; cardPayments: boolean; elmhurst: boolean }) {
  const dispatch = useAppDispatch();
  const wizard = useAppSelector((state) => state.wizard);
  const purchase = wizard.purchase;
  const { data: prices } = useGettingStartedQuery();
  const { data: vars } = useDisplayVarsQuery();
  const [buy, { isLoading }] = useBuyPremiumReportMutation();
  const submission = useSubmissionKey();
  const [cardChosen, setCardChosen] = useState(false);
  const [creditError, setCreditError] = useState<string | null>(null);
  const id = useId();
  const tradePence = prices?.current_premium_price_pence ?? null;
  const price = tradePence === null ? '' : formatPrice(tradePence);
  const publishableKey = vars?.stripe_pk ?? null;

  const buyWithCredit = async () => {
    setCreditError(null);
    const result = await buy(submission.keyed(premiumRequest(wizard, wizard.brandingId ?? '', elmhurst, true)));
    if (result.error) {
      setCreditError(errorMessage(result.error));
      return;
    }
    submission.succeeded();
    dispatch(purchaseStarted(result.data));
  };

  // Pressing Pay again after a refused card sends the same request under the same key, so the
  // server answers the same report and payment rather than making another.
  const checkoutByCard = async (): Promise<CardCheckoutAnswer> => {
    const result = await buy(submission.keyed(premiumRequest(wizard, wizard.brandingId ?? '', elmhurst, false)));
    if (result.error) return { refused: errorMessage(result.error) };
    const { rid, cs } = result.data;
    return cs ? { rid, cs } : { refused: 'The card payment could not be started. Please try again.' };
  };

  // Stripe took the card: from here the wizard waits for the server to confirm it, as before.
  const paidByCard = ({ rid, cs }: CardCheckout, pk: string) => {
    submission.succeeded();
    dispatch(purchaseStarted({ rid, cs, pk }));
    dispatch(cardPaid());
  };

  // With nothing to choose between, the card form opens at once: it makes nothing until Pay.
  const cardOpen = cardPayments && (cardChosen || credits === 0);

  let body;
  if (purchase?.stage === 'done') body = <Done rid={purchase.rid} />;
  else if (purchase?.stage === 'confirming') body = <Confirming rid={purchase.rid} />;
  else if (cardOpen && (tradePence === null || publishableKey === null)) body = <Spinner label="Loading the card form" />;
  // No trade price set yet: nothing to pay (Stripe's form needs an amount above nothing).
  else if (cardOpen && tradePence === 0)
    body = (
      <p className="wizard-notice" role="note">
        Premium Reports cannot be bought by card at the moment. Please contact support:{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    );
  else if (cardOpen && tradePence !== null && publishableKey !== null)
    body = (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <p>Pay {price} by card.</p>
        <WizardCardForm
          publishableKey={publishableKey}
          amountPence={tradePence}
          checkout={checkoutByCard}
          onPaid={(paid) => paidByCard(paid, publishableKey)}
          otherWay={
            <div className="wizard-other-way">
              {credits > 0 ? (
                <button type="button" className="secondary" disabled={isLoading} onClick={() => void buyWithCredit()}>
                  Use one of my free premium credits instead
                </button>
              ) : null}
              <InlineAlert message={creditError} />
              <p>
                Or contact support to buy it another way: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
              </p>
            </div>
          }
        />
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
            <button type="button" className="primary" disabled={isLoading} onClick={() => void buyWithCredit()}>
              Use one of my free premium credits
            </button>
          ) : null}
          {cardPayments ? (
            <button type="button" className={credits > 0 ? 'secondary' : 'primary'} onClick={() => setCardChosen(true)}>
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
        <InlineAlert message={creditError} />
        {isLoading ? <Spinner label="Starting your purchase" /> : null}
      </>
    );

  return (
    <section className="wizard-step panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Payment</h2>
      {body}
    </section>
  );
}
