import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AddressElement, Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { FieldError } from '../../shared/api/define';
import { ALLOWED_ADDRESS_COUNTRY, PRIORITIES, PRIORITY_DEFAULT, PRIORITY_LABELS, type Priority } from '../../shared/constants';
import { PAYMENT_COMPLETE_PATH } from '../../shared/links';
import { formatMoney } from '../../shared/money';
import { PremiumTermsNote } from './premium-terms-note';
import { CardFormGate } from '../components/card-form-gate';
import { Spinner } from '../components/spinner';
import type { AssessorCard } from '../../shared/api/sharing';
import { usePrepaymentDetailsMutation, usePrepaymentLoadMutation, type PrepaymentLoad } from './api';
import { useSubmissionKey } from '../lib/idempotent-call';

/*
 * The owner's card form: its own chunk, the only place Stripe.js is loaded, so the shared page
 * stays small for every owner who only downloads the report. The Payment Element is shown with
 * the amount alone (mode 'payment'); the PaymentIntent is made when the owner presses Pay, then
 * confirmed: Stripe's "collect payment details before creating an Intent",
 * https://docs.stripe.com/payments/accept-a-payment-deferred. Apple Pay and Google Pay appear in
 * the Payment Element where the browser has them (the intent has automatic payment methods on).
 */

type Payment = PrepaymentLoad['res'];
type Cost = Pick<Payment, 'cost_amount' | 'cost_currency' | 'full_price_amount' | 'discount_amount' | 'discount_code'>;
interface Refusal {
  error?: string;
  errors?: FieldError[];
}
const refusalOf = (error: unknown): Refusal => (error as { data?: Refusal } | undefined)?.data ?? {};
const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** 'Cost: £99.00 (reduced from £149.00 with SPRING voucher code)', or just the cost with no discount. */
function costLine(p: Cost): string {
  const cost = formatMoney(p.cost_amount, p.cost_currency);
  return p.discount_amount > 0
    ? `Cost: ${cost} (reduced from ${formatMoney(p.full_price_amount, p.cost_currency)} with ${p.discount_code} voucher code)`
    : `Cost: ${cost}`;
}

/** 'Cost: £99.00' as the server now asks it, when the price changed between opening the form and paying. */
const priceChanged = (cost: Cost) => `The price has changed. ${costLine(cost)}. Please check it and press Pay now again.`;

function CheckoutForm({ payment, reportPath }: { payment: Cost; reportPath: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [startPayment] = usePrepaymentDetailsMutation();
  const [cost, setCost] = useState<Cost>(payment);
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
      // The payment is made now, with the details kept on it; a second try after a refused card reuses it.
      const started = await startPayment({ report_path: reportPath, stage: 'preStripe', email, company, priority });
      if (started.error) {
        const refusal = refusalOf(started.error);
        setFieldErrors(Object.fromEntries((refusal.errors ?? []).map((e) => [e.key, e.error])));
        setMessage(refusal.error ?? SOMETHING_WENT_WRONG);
        return;
      }
      const asked = started.data;
      if (asked.cost_amount !== cost.cost_amount || asked.cost_currency !== cost.cost_currency) {
        // Never charge other than what the page showed: show the new price, and the owner presses Pay again.
        await elements.update({ amount: asked.cost_amount, currency: asked.cost_currency });
        setCost(asked);
        setMessage(priceChanged(asked));
        return;
      }
      const { error } = await stripe.confirmPayment({
        elements,
        clientSecret: asked.pi_secret,
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
      <p className="payment-cost">{costLine(cost)}</p>
      <PaymentElement />
      {cardError ? (
        <p className="shared-error" role="alert">
          {cardError}
        </p>
      ) : null}
      <PremiumTermsNote />
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

/** The other way to buy when the card form cannot load: the assessor, who sells the same report. */
function BuyFromAssessor({ assessor }: { assessor: AssessorCard }) {
  const who = assessor.company_name ? `${assessor.name} (${assessor.company_name})` : assessor.name;
  return (
    <div className="payment-other-way">
      <p>You can also buy the Premium Report from your assessor, {who}:</p>
      <ul>
        {assessor.phone ? (
          <li>
            Phone <a href={`tel:${assessor.phone.replace(/[^\d+]/g, '')}`}>{assessor.phone}</a>
          </li>
        ) : null}
        {assessor.email ? (
          <li>
            Email <a href={`mailto:${assessor.email}`}>{assessor.email}</a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/**
 * Asks what the Premium costs (stage 'load', which makes no payment) and shows the card form once
 * Stripe.js is here; when it cannot load, says so, offers to try again and names the assessor.
 */
export default function PaymentForm({ reportPath, assessor }: { reportPath: string; assessor: AssessorCard }) {
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
    <CardFormGate publishableKey={data.pk} otherWay={<BuyFromAssessor assessor={assessor} />}>
      {(stripe) => (
        <Elements stripe={stripe} options={{ mode: 'payment', amount: data.cost_amount, currency: data.cost_currency }}>
          <CheckoutForm payment={data} reportPath={reportPath} />
        </Elements>
      )}
    </CardFormGate>
  );
}
