import { useState, type FormEvent, type ReactNode } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { CardFormGate } from '../../components/card-form-gate';

/*
 * The assessor's embedded card form: its own chunk, so Stripe.js loads only when a card payment
 * starts. The Payment Element is shown with the amount alone (mode 'payment'); the report, its
 * purchase and the PaymentIntent are made when the assessor presses Pay, then the payment is
 * confirmed: Stripe's "collect payment details before creating an Intent",
 * https://docs.stripe.com/payments/accept-a-payment-deferred. A payment step opened and left
 * behind leaves nothing on the server or at Stripe.
 */

/** The payment the server made for this report when Pay was pressed: the report's id and the intent's client secret. */
export interface CardCheckout {
  rid: number;
  cs: string;
}

/** What the server answered when asked to make the payment: the payment, or why it was refused, in words. */
export type CardCheckoutAnswer = CardCheckout | { refused: string };

const NOT_THROUGH = 'The payment did not go through. Please try again.';
/** Trade prices are in pence sterling, the currency the server makes the payment in. */
const TRADE_CURRENCY = 'gbp';

function CardForm({ checkout, onPaid }: { checkout: () => Promise<CardCheckoutAnswer>; onPaid: (paid: CardCheckout) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState('');
  const [processing, setProcessing] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setError('');
    try {
      // Stripe checks the card details first, so an incomplete card makes no payment on the server.
      const checked = await elements.submit();
      if (checked.error) {
        setError(checked.error.message ?? NOT_THROUGH);
        return;
      }
      // Made now; pressed again after a refused card, the same submission gets the same payment back.
      const started = await checkout();
      if ('refused' in started) {
        setError(started.refused);
        return;
      }
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: started.cs,
        redirect: 'if_required',
        // Only a card that needs its bank's check leaves the page; it comes back to the Pending
        // list, where the report shows once the payment is confirmed.
        confirmParams: { return_url: `${window.location.origin}/pending` },
      });
      // A refused card can be tried again (or another card) on the same payment.
      if (result.error) setError(result.error.message ?? NOT_THROUGH);
      else onPaid(started);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={(e) => void pay(e)}>
      <PaymentElement />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="wizard-actions">
        <button type="submit" className="primary" disabled={processing || !stripe}>
          {processing ? 'Processing...' : 'Pay now'}
        </button>
      </div>
    </form>
  );
}

/** The card form once Stripe.js is here; when it cannot load, the page says so, offers to try again and shows `otherWay`. */
export default function WizardCardForm({
  publishableKey,
  amountPence,
  checkout,
  onPaid,
  otherWay,
}: {
  publishableKey: string;
  /** The trade price the form shows (Apple Pay and Google Pay show it on their own sheets). */
  amountPence: number;
  checkout: () => Promise<CardCheckoutAnswer>;
  onPaid: (paid: CardCheckout) => void;
  otherWay: ReactNode;
}) {
  return (
    <CardFormGate publishableKey={publishableKey} otherWay={otherWay}>
      {(stripe) => (
        <Elements stripe={stripe} options={{ mode: 'payment', amount: amountPence, currency: TRADE_CURRENCY }}>
          <CardForm checkout={checkout} onPaid={onPaid} />
        </Elements>
      )}
    </CardFormGate>
  );
}
