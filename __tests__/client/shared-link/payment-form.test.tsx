import { screen, waitFor, within } from '@testing-library/react';
import * as shared from '../../../src/shared/api/shared-reports';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../src/client/app/api';
import { PUBLIC_PATHS } from '../../../src/shared/api/paths';
import { answer, fail, server } from '../helpers/msw';
import { fakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { REPORT_PATH, renderShared, report, sharedHandlers } from './render-shared';

// One for the file, as the page keeps one Stripe object per key for its life; reset before each test.
const mockStripe: FakeStripe = fakeStripe();
jest.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (key: string) => {
    mockStripe.loadedWith.push(key);
    return Promise.resolve(mockStripe.stripe);
  },
}));

const payment = (over: Partial<{ discount_amount: number; discount_code: string; cost_amount: number }> = {}) => ({
  success: true as const,
  pk: 'pk_test_owner',
  pi_secret: 'pi_123_secret_456',
  pi_id: 'pi_123',
  cost_amount: 9900,
  cost_currency: 'gbp',
  full_price_amount: 14900,
  discount_amount: 5000,
  discount_code: 'SPRING',
  ...over,
});

function openPayNow(load = payment()) {
  sharedHandlers();
  const details: unknown[] = [];
  // Both stages share one path: the body's stage says which the contract checks it against.
  server.use(
    http.post(`${API_ORIGIN}${PUBLIC_PATHS.prepayment}`, async ({ request }) => {
      const raw = (await request.json()) as { stage?: string };
      if (raw.stage === 'load') return HttpResponse.json(shared.prepaymentLoad.response.parse(load));
      const body = shared.prepaymentPreStripe.request.parse(raw);
      details.push(body);
      if (body.email.includes('@')) return HttpResponse.json({ success: true });
      const refusal = fail(400, 'Please fix problems above.', [{ key: 'email', error: 'Please enter a valid email address.' }]);
      return HttpResponse.json(refusal.body, { status: refusal.status });
    }),
  );
  return { details, ...renderShared(`/s/${REPORT_PATH}/paynow`) };
}

beforeEach(() => {
  mockStripe.reset();
});

describe('the owner pays by card', () => {
  it('loads Stripe with the publishable key and the payment secret, and shows the cost line with its discount', async () => {
    openPayNow();
    expect(await screen.findByText('Cost: £99.00 (reduced from £149.00 with SPRING voucher code)')).toBeInTheDocument();
    expect(mockStripe.loadedWith).toEqual(['pk_test_owner']);
    // Elements are made once Stripe.js has loaded, which may be after the cost line shows.
    expect(await screen.findByTestId('stripe-payment')).toBeInTheDocument();
    expect(mockStripe.elementsOptions[0]).toMatchObject({ clientSecret: 'pi_123_secret_456' });
    expect(screen.getByTestId('stripe-address')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /more energy efficient/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Premium Report terms and conditions' })).toBeInTheDocument();
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
        return keys.length === 1 ? HttpResponse.error() : HttpResponse.json(shared.prepaymentLoad.response.parse(payment()));
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

  it('confirms the card with /paymentComplete and the billing email after the details are kept; a card error shows in red', async () => {
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
        pi_id: 'pi_123',
        email: 'owner@example.com',
        company: 'Home Ltd',
        priority: 'improveComfort',
      },
    ]);
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

  it('says why the form cannot be shown when the server refuses the payment', async () => {
    sharedHandlers();
    server.use(answer(shared.prepaymentLoad, () => fail(409, 'Premium Reports are not on sale at the moment. Please ask your assessor.')));
    renderShared(`/s/${REPORT_PATH}/paynow`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Premium Reports are not on sale at the moment.');
    expect(mockStripe.loadedWith).toEqual([]);
  });

  it('tells the owner a bought report is on its way, with no second payment form', async () => {
    const loads: unknown[] = [];
    sharedHandlers({ report: report({ premium_purchased: true }) });
    server.use(answer(shared.prepaymentLoad, () => (loads.push(1), payment())));
    renderShared(`/s/${REPORT_PATH}/paynow`);
    const heading = await screen.findByRole('heading', { name: 'Your Premium report is on its way' });
    expect(within(heading.closest('section')!).getByText(/within 3 working days/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(loads).toEqual([]);
  });
});

describe('/paymentComplete', () => {
  const returnAddress = '/paymentComplete?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_456&redirect_status=succeeded';

  it('asks the server about the payment and shows its answer, dropping the secret from the address', async () => {
    const asked: unknown[] = [];
    sharedHandlers();
    server.use(
      answer(shared.checkPaymentStatus, ({ body }) => {
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
    server.use(answer(shared.checkPaymentStatus, () => fail(404, 'That payment was not found.')));
    const { user } = renderShared(`${returnAddress}&report=${encodeURIComponent(REPORT_PATH)}`);
    await screen.findByRole('heading', { name: 'Problem checking your payment' });
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('link', { name: '← Back to your report' }));
    expect(window.location.pathname).toBe(`/s/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Your Free Report Is Ready!' })).toBeInTheDocument();
  });

  it("shows 'Problem checking your payment' when the check fails or the address lacks the payment", async () => {
    sharedHandlers();
    server.use(answer(shared.checkPaymentStatus, () => fail(404, 'That payment was not found.')));
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
