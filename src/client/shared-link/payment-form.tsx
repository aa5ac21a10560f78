import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AddressElement, Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { FieldError } from '../../shared/api/define';
import { ALLOWED_ADDRESS_COUNTRY, PRIORITIES, PRIORITY_DEFAULT, PRIORITY_LABELS, type Priority } from '../../shared/constants';
import { PAYMENT_COMPLETE_PATH } from '../../shared/links';
import { formatMoney } from '../../shared/money';
import { marketingUrl } from '../app/marketing';
import { LEGAL_PATHS } from '../../shared/links';
import { stripeFor } from '../app/stripe-instance';
import { Spinner } from '../components/spinner';
import { usePrepaymentDetailsMutation, usePrepaymentLoadMutation, type PrepaymentLoad } from './api';
import { useSubmissionKey } from '../app/idempotent-call';

/*
 * The owner's card form: its own chunk, the only place Stripe.js is loaded, so the shared page
 * stays small for every owner who only downloads the report.
 */

type Payment = PrepaymentLoad['res'];
interface Refusal {
  error?: string;
  errors?: FieldError[];
}
const refusalOf = (error: unknown): Refusal => (error as { data?: Refusal } | undefined)?.data ?? {};
const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** 'Cost: £99.00 (reduced from £149.00 with SPRING voucher code)', or just the cost with no discount. */
export function costLine(
  p: Pick<Payment, 'cost_amount' | 'cost_currency' | 'full_price_amount' | 'discount_amount' | 'discount_code'>,
): string {
  const cost = formatMoney(p.cost_amount, p.cost_currency);
  return p.discount_amount > 0
    ? `Cost: ${cost} (reduced from ${formatMoney(p.full_price_amount, p.cost_currency)} with ${p.discount_code} voucher code)`
    : `Cost: ${cost}`;
}

function CheckoutForm({ payment, reportPath }: { payment: Payment; reportPath: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [saveDetails] = usePrepaymentDetailsMutation();
  const [email, setEmail] = useState('');
  const [company, setCompany] = useState('');
  const [priority, setPriority] = useState<Priority>(PRIORITY_DEFAULT);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [cardError, setCardError] = useState('');
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    setFieldErrors({});
    setMessage('');
    setCardError('');
    try {
      const checked = await elements.submit();
      if (checked.error) {
        setCardError(checked.error.message ?? SOMETHING_WENT_WRONG);
        return;
      }
      const saved = await saveDetails({ report_path: reportPath, stage: 'preStripe', pi_id: payment.pi_id, email, company, priority });
      if (saved.error) {
        const refusal = refusalOf(saved.error);
        setFieldErrors(Object.fromEntries((refusal.errors ?? []).map((e) => [e.key, e.error])));
        setMessage(refusal.error ?? SOMETHING_WENT_WRONG);
        return;
      }
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: {
          // The report's path comes back with Stripe's values, so the result page can lead back to the report.
          return_url: `${window.location.origin}${PAYMENT_COMPLETE_PATH}?${new URLSearchParams({ report: reportPath }).toString()}`,
          payment_method_data: { billing_details: { email } },
        },
      });
      // Only reached when the card is refused: otherwise Stripe takes the owner to /paymentComplete.
      if (error) setCardError(error.message ?? SOMETHING_WENT_WRONG);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form className="payment-form" onSubmit={(e) => void submit(e)} noValidate>
      <label className="payment-field">
        Email
        <input
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(fieldErrors.email)}
          aria-describedby={fieldErrors.email ? 'payment-email-error' : undefined}
        />
        {fieldErrors.email ? (
          <span id="payment-email-error" className="shared-error">
            {fieldErrors.email}
          </span>
        ) : null}
      </label>
      <fieldset className="payment-field" aria-invalid={Boolean(fieldErrors.priority)}>
        <legend>What matters most to you?</legend>
        {PRIORITIES.map((value) => (
          <label key={value} className="payment-choice">
            <input type="radio" name="priority" value={value} checked={priority === value} onChange={() => setPriority(value)} />
            {PRIORITY_LABELS[value]}
          </label>
        ))}
        {fieldErrors.priority ? <span className="shared-error">{fieldErrors.priority}</span> : null}
      </fieldset>
      <label className="payment-field">
        Company name (optional)
        <input
          autoComplete="organization"
          value={company}
          onChange={(e) => setCompany(e.target.value)}
          aria-invalid={Boolean(fieldErrors.company)}
        />
        {fieldErrors.company ? <span className="shared-error">{fieldErrors.company}</span> : null}
      </label>
      <AddressElement
        options={{
          mode: 'shipping',
          allowedCountries: [ALLOWED_ADDRESS_COUNTRY],
          fields: { phone: 'always' },
          validation: { phone: { required: 'never' } },
        }}
      />
      <p className="payment-cost">{costLine(payment)}</p>
      <PaymentElement />
      {cardError ? (
        <p className="shared-error" role="alert">
          {cardError}
        </p>
      ) : null}
      <p className="shared-note">
        By paying you agree to the <a href={marketingUrl('premiumTerms') ?? LEGAL_PATHS.terms}>Premium Report terms and conditions</a>.
      </p>
      {message ? (
        <p className="shared-error" role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={processing || !stripe}>
        {processing ? 'Processing...' : 'Pay now'}
      </button>
    </form>
  );
}

/** Loads the payment (stage 'load') and shows a spinner until Stripe's key and the payment's secret are here. */
export default function PaymentForm({ reportPath }: { reportPath: string }) {
  const [load, { data, error }] = usePrepaymentLoadMutation();
  const attempt = useSubmissionKey();
  const asked = useRef(false);
  useEffect(() => {
    // Once per page, one key per page: the server gives every browser the report's one open payment anyway.
    if (asked.current) return;
    asked.current = true;
    void load(attempt.keyed({ report_path: reportPath, stage: 'load' }));
  }, [load, reportPath, attempt]);

  if (error)
    return (
      <p className="shared-error" role="alert">
        {refusalOf(error).error ?? SOMETHING_WENT_WRONG}
      </p>
    );
  if (!data) return <Spinner label="Loading the payment form" />;
  return (
    <Elements stripe={stripeFor(data.pk)} options={{ clientSecret: data.pi_secret }}>
      <CheckoutForm payment={data} reportPath={reportPath} />
    </Elements>
  );
}
