import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { stripeFor } from '../../app/stripe-instance';

/* The assessor's embedded card form: its own chunk, so Stripe.js loads only when a card payment starts. */

function CardForm({ onPaid }: { onPaid: () => void }) {
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
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        // Only a card that needs its bank's check leaves the page; it comes back to the Pending
        // list, where the report shows once the payment is confirmed.
        confirmParams: { return_url: `${window.location.origin}/pending` },
      });
      // A refused card can be tried again (or another card) on the same payment.
      if (result.error) setError(result.error.message ?? 'The payment did not go through. Please try again.');
      else onPaid();
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

export default function WizardCardForm({
  publishableKey,
  clientSecret,
  onPaid,
}: {
  publishableKey: string;
  clientSecret: string;
  onPaid: () => void;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <CardForm onPaid={onPaid} />
    </Elements>
  );
}
