import { act, screen, waitFor, within } from '@testing-library/react';
import * as payments from '../../../src/shared/api/payments';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../src/client/lib/api';
import { PUBLIC_PATHS } from '../../../src/shared/api/paths';
import { answer, fail, server } from '../helpers/msw';
import { fakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { ASSESSOR, REPORT_PATH, renderShared, report, sharedHandlers } from './render-shared';
import { CARD_FORM_DID_NOT_LOAD } from '../../../src/client/components/card-form-gate';
import { STRIPE_JS_WAIT_MS } from '../../../src/client/lib/stripe-instance';

// One for the file, as the page keeps one Stripe object per key for its life; reset before each test.
const mockStripe: FakeStripe = fakeStripe();
/** How each next load of Stripe.js ends (a blocked script rejects); unset, it loads. */
const mockLoads: (() => Promise<unknown>)[] = [];
jest.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (key: string) => {
    mockStripe.loadedWith.push(key);
    return mockLoads.shift()?.() ?? Promise.resolve(mockStripe.stripe);
  },
}));

type Cost = Partial<{ discount_amount: number; discount_code: string; cost_amount: number; full_price_amount: number }>;
const payment = (over: Cost & { pk?: string } = {}) => ({
  success: true as const,
  pk: 'pk_test_owner',
  cost_amount: 9900,
  cost_currency: 'gbp',
  full_price_amount: 14900,
  discount_amount: 5000,
  discount_code: 'SPRING',
  ...over,
});

/** The payment the server makes when the owner presses Pay, at the load's price unless `asked` says otherwise. */
const started = (asked: Cost = {}) => ({ ...payment(asked), pk: undefined, pi_secret: 'pi_123_secret_456', pi_id: 'pi_123' });

function openPayNow(load = payment(), asked: Cost = {}) {
  sharedHandlers();
  const details: unknown[] = [];
  // Both stages share one path: the body's stage says which the contract checks it against.
  server.use(
    http.post(`${API_ORIGIN}${PUBLIC_PATHS.prepayment}`, async ({ request }) => {
      const raw = (await request.json()) as { stage?: string };
      if (raw.stage === 'load') return HttpResponse.json(payments.prepaymentLoad.response.parse(load));
      const body = payments.prepaymentPreStripe.request.parse(raw);
      details.push(body);
      if (body.email.includes('@')) return HttpResponse.json(payments.prepaymentPreStripe.response.parse(started(asked)));
      const refusal = fail(400, 'Please fix problems above.', [{ key: 'email', error: 'Please enter a valid email address.' }]);
      return HttpResponse.json(refusal.body, { status: refusal.status });
    }),
  );
  return { details, ...renderShared(`/s/${REPORT_PATH}/paynow`) };
}

beforeEach(() => {
  mockStripe.reset();
  mockLoads.length = 0;
});

describe('the owner pays by card', () => {
  it('loads Stripe with the publishable key and shows the card form for the amount, with no payment made yet', async () => {
    const { details } = openPayNow();
    expect(await screen.findByText('Cost: £99.00 (reduced from £149.00 with SPRING voucher code)')).toBeInTheDocument();
    expect(mockStripe.loadedWith).toEqual(['pk_test_owner']);
    expect(screen.getByTestId('stripe-payment')).toBeInTheDocument();
    expect(mockStripe.elementsOptions[0]).toEqual(expect.objectContaining({ mode: 'payment', amount: 9900, currency: 'gbp' }));
    expect(mockStripe.elementsOptions[0]).not.toHaveProperty('clientSecret');
    expect(details).toEqual([]);
    expect(screen.getByTestId('stripe-address')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /more energy efficient/ })).toBeChecked();
    expect(await screen.findByRole('link', { name: 'Premium Report terms and conditions' })).toBeInTheDocument();
  });

  it('starts the payment with an Idempotency-Key, and asks once more with the same key when the answer is lost', async () => {
    const keys: (string | null)[] = [];
    openPayNow();
    // Over openPayNow's handler: the first start's connection drops, the second is answered.
    server.use(
      http.post(`${API_ORIGIN}${PUBLIC_PATHS.prepayment}`, async ({ request }) => {
        const raw = (await request.clone().json()) as { stage?: string };
        if (raw.stage !== 'load') return undefined;
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1 ? HttpResponse.error() : HttpResponse.json(payments.prepaymentLoad.response.parse(payment()));
      }),
    );
    expect(
      await screen.findByText('Cost: £99.00 (reduced from £149.00 with SPRING voucher code)', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[\w-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows just the cost when there is no discount', async () => {
    openPayNow(payment({ discount_amount: 0, discount_code: '', cost_amount: 14900 }));
    expect(await screen.findByText('Cost: £149.00')).toBeInTheDocument();
  });

  it("shows the server's field errors beside the fields and 'Please fix problems above.', and does not charge the card", async () => {
    const { user, details } = openPayNow();
    await screen.findByTestId('stripe-payment');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix problems above.');
    expect(details).toHaveLength(1);
    expect(mockStripe.confirmCalls).toHaveLength(0);
  });

  it('makes the payment on Pay, then confirms the card with its secret, /paymentComplete and the billing email; a card error shows in red', async () => {
    mockStripe.confirmAnswer = { error: { message: 'Your card was declined.' } };
    const { user, details } = openPayNow();
    await screen.findByTestId('stripe-payment');
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.click(screen.getByRole('radio', { name: /warmer/ }));
    await user.type(screen.getByLabelText('Company name (optional)'), 'Home Ltd');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(details).toEqual([
      {
        report_path: REPORT_PATH,
        stage: 'preStripe',
        email: 'owner@example.com',
        company: 'Home Ltd',
        priority: 'improveComfort',
      },
    ]);
    expect(mockStripe.confirmCalls[0].clientSecret).toBe('pi_123_secret_456');
    expect(mockStripe.confirmCalls[0].confirmParams).toEqual({
      return_url: `${window.location.origin}/paymentComplete?report=${encodeURIComponent(REPORT_PATH)}`,
      payment_method_data: { billing_details: { email: 'owner@example.com' } },
    });
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('shows an incomplete card in red without asking the server', async () => {
    mockStripe.submitAnswer = { error: { message: 'Your card number is incomplete.' } };
    const { user, details } = openPayNow();
    await screen.findByTestId('stripe-payment');
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(details).toEqual([]);
  });

  it('shows a price changed since the form opened, charging nothing until the owner presses Pay again', async () => {
    const { user, details } = openPayNow(payment(), { cost_amount: 14900, discount_amount: 0, discount_code: '' });
    await screen.findByTestId('stripe-payment');
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The price has changed. Cost: £149.00. Please check it and press Pay now again.',
    );
    expect(screen.getByText('Cost: £149.00')).toBeInTheDocument();
    expect(mockStripe.confirmCalls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(mockStripe.confirmCalls).toHaveLength(1));
    expect(details).toHaveLength(2);
  });

  it('says why the form cannot be shown when the server refuses the payment', async () => {
    sharedHandlers();
    server.use(
      answer(payments.prepaymentLoad, () => fail(409, 'Premium Reports are not on sale at the moment. Please ask your assessor.')),
    );
    renderShared(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Premium Reports are not on sale at the moment.');
    expect(mockStripe.loadedWith).toEqual([]);
  });

  it('tells the owner a bought report is on its way, with no second payment form', async () => {
    const loads: unknown[] = [];
    sharedHandlers({ report: report({ premium_purchased: true }) });
    server.use(answer(payments.prepaymentLoad, () => (loads.push(1), payment())));
    renderShared(`/s/${REPORT_PATH}/paynow`);
    const heading = await screen.findByRole('heading', { name: 'Your Premium report is on its way' });
    expect(within(heading.closest('section')!).getByText(/within 3 working days/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(loads).toEqual([]);
  });
});

describe('the card form when Stripe.js cannot load', () => {
  const contactShown = () => {
    expect(screen.getByText(/buy the Premium Report from your assessor, Alex Assessor \(Warm Homes Ltd\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ASSESSOR.phone })).toHaveAttribute('href', 'tel:01234567890');
    expect(screen.getByRole('link', { name: ASSESSOR.email })).toHaveAttribute('href', `mailto:${ASSESSOR.email}`);
  };

  it('says so when Stripe.js is refused, names the assessor, and shows the form when "Try again" loads it', async () => {
    mockLoads.push(() => Promise.reject(new Error('Failed to load Stripe.js')));
    const { user, details } = openPayNow(payment({ pk: 'pk_test_blocked' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_FORM_DID_NOT_LOAD);
    contactShown();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stripe-payment')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(screen.queryByText(CARD_FORM_DID_NOT_LOAD)).not.toBeInTheDocument();
    expect(mockStripe.loadedWith).toEqual(['pk_test_blocked', 'pk_test_blocked']);
    expect(details).toEqual([]);
  });

  it('says so when Stripe.js has not come in time, and shows the form if it arrives after all', async () => {
    let arrive: (stripe: unknown) => void = () => undefined;
    mockLoads.push(() => new Promise((resolve) => (arrive = resolve)));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      openPayNow(payment({ pk: 'pk_test_slow' }));
      expect(await screen.findByText('Loading the card form')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(STRIPE_JS_WAIT_MS - 1));
      expect(screen.queryByText(CARD_FORM_DID_NOT_LOAD)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(await screen.findByText(CARD_FORM_DID_NOT_LOAD)).toBeInTheDocument();
      contactShown();
      act(() => arrive(mockStripe.stripe));
      expect(await screen.findByTestId('stripe-payment')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('/paymentComplete', () => {
  const returnAddress = '/paymentComplete?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_456&redirect_status=succeeded';

  it('asks the server about the payment and shows its answer, dropping the secret from the address', async () => {
    const asked: unknown[] = [];
    sharedHandlers();
    server.use(
      answer(payments.checkPaymentStatus, ({ body }) => {
        asked.push(body);
        return {
          success: true as const,
          data: {
            paid: true,
            short: 'Payment received',
            long: 'Thank you. Your Premium Report for 1 High Street will be with you within 3 working days.',
            report_name: '1 High Street, AB1 2CD',
            email: 'owner@example.com',
          },
        };
      }),
    );
    renderShared(returnAddress);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(screen.getByText(/Receipt sent to owner@example.com/)).toBeInTheDocument();
    expect(asked).toEqual([{ payment_intent: 'pi_123', payment_intent_client_secret: 'pi_123_secret_456', redirect_status: 'succeeded' }]);
    expect(window.location.search).toBe('');
    // No report named in the address: no way back is invented.
    expect(screen.queryByRole('link', { name: /Back to your report/ })).not.toBeInTheDocument();
  });

  it('leads back to the report the payment was for', async () => {
    sharedHandlers();
    server.use(answer(payments.checkPaymentStatus, () => fail(404, 'That payment was not found.')));
    const { user } = renderShared(`${returnAddress}&report=${encodeURIComponent(REPORT_PATH)}`);
    await screen.findByRole('heading', { name: 'Problem checking your payment' });
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('link', { name: '← Back to your report' }));
    expect(window.location.pathname).toBe(`/s/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
  });

  it("shows 'Problem checking your payment' when the check fails or the address lacks the payment", async () => {
    sharedHandlers();
    server.use(answer(payments.checkPaymentStatus, () => fail(404, 'That payment was not found.')));
    renderShared(returnAddress);
    expect(await screen.findByRole('heading', { name: 'Problem checking your payment' })).toBeInTheDocument();
    expect(
      screen.getByText('There was a problem checking the status of your payment. Please check with your card issuer.'),
    ).toBeInTheDocument();
  });

  it('shows the same problem for an address without the payment values', async () => {
    sharedHandlers();
    renderShared('/paymentComplete');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Problem checking your payment' })).toBeInTheDocument());
  });
});
