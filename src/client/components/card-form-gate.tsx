import type { ReactNode } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { Spinner } from './spinner';
import { useStripeJs } from '../lib/stripe-instance';

export const CARD_FORM_DID_NOT_LOAD =
  'The card form could not load. This can happen with a content blocker, a company network or a weak signal.';

/**
 * Shows the card form once Stripe.js is here. When it is refused or does not come in time, says
 * so in plain words, offers "Try again", and shows the other way to buy (`otherWay`), so a
 * blocked script never leaves a "Pay now" that does nothing.
 */
export function CardFormGate({
  publishableKey,
  otherWay,
  children,
}: {
  publishableKey: string;
  otherWay: ReactNode;
  children: (stripe: Stripe) => ReactNode;
}) {
  const stripeJs = useStripeJs(publishableKey);
  if (stripeJs.state === 'ready') return <>{children(stripeJs.stripe)}</>;
  if (stripeJs.state === 'loading') return <Spinner label="Loading the card form" />;
  return (
    <div className="card-form-unavailable">
      <p role="alert">{CARD_FORM_DID_NOT_LOAD}</p>
      <button type="button" className="primary" onClick={stripeJs.retry}>
        Try again
      </button>
      {otherWay}
    </div>
  );
}
