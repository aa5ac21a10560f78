import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/spinner';
import { pendingReportPath } from '../../../shared/links';
import { formatPrice } from '../../../shared/money';
import { useGettingStartedQuery } from '../getting-started';
import { usePendingReportsQuery } from '../premium';
import { useBuyPremiumReportMutation } from './api';
import { premiumRequest } from './report-request';
import { reportTypeChosen, stepChosen, wizardCleared } from './wizard-slice';

const WizardCardForm = lazy(() => import(/* webpackChunkName: "wizard-card-form" */ './wizard-card-form'));

type Purchase =
  { stage: 'card'; rid: number; cs: string; pk: string } | { stage: 'confirming'; rid: number } | { stage: 'done'; rid: number };

/** Waits for the server to confirm the payment: the report appears in the pending list, refetched on the push. */
function Confirming({ rid, onConfirmed }: { rid: number; onConfirmed: () => void }) {
  const { data } = usePendingReportsQuery();
  const confirmed = data?.reports_list.some((r) => r.report_id === rid) ?? false;
  useEffect(() => {
    if (confirmed) onConfirmed();
  }, [confirmed, onConfirmed]);
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
        <Link className="button primary" to={pendingReportPath(rid)}>
          Edit Premium Report
        </Link>
      </div>
    </div>
  );
}

/**
 * How a Premium report is paid for: one of the assessor's free credits, or by card at the trade
 * price. Without card payment set up on the server, credits only.
 */
export function PaymentStep({ credits, cardPayments, elmhurst }: { credits: number; cardPayments: boolean; elmhurst: boolean }) {
  const dispatch = useAppDispatch();
  const wizard = useAppSelector((state) => state.wizard);
  const { data: prices } = useGettingStartedQuery();
  const [buy, { isLoading }] = useBuyPremiumReportMutation();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const id = useId();

  const start = async (useCredit: boolean) => {
    const result = await buy(premiumRequest(wizard, wizard.brandingId ?? '', elmhurst, useCredit));
    if (result.error) {
      window.alert(errorMessage(result.error));
      return;
    }
    const { rid, cs, pk } = result.data;
    setPurchase(useCredit || !cs || !pk ? { stage: 'done', rid } : { stage: 'card', rid, cs, pk });
  };

  let body;
  if (purchase?.stage === 'done') body = <Done rid={purchase.rid} />;
  else if (purchase?.stage === 'confirming')
    body = <Confirming rid={purchase.rid} onConfirmed={() => setPurchase({ stage: 'done', rid: purchase.rid })} />;
  else if (purchase?.stage === 'card')
    body = (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <p>Pay {prices ? formatPrice(prices.current_premium_price_pence) : ''} by card.</p>
        <WizardCardForm
          publishableKey={purchase.pk}
          clientSecret={purchase.cs}
          onPaid={() => setPurchase({ stage: 'confirming', rid: purchase.rid })}
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
            <button type="button" className="primary" disabled={isLoading} onClick={() => void start(true)}>
              Use one of my free premium credits
            </button>
          ) : null}
          {cardPayments ? (
            <button type="button" className={credits > 0 ? 'secondary' : 'primary'} disabled={isLoading} onClick={() => void start(false)}>
              Pay by card{prices ? ` (${formatPrice(prices.current_premium_price_pence)})` : ''}
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
