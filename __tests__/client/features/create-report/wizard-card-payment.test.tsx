import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CreateReportPage from '../../../../src/client/features/create-report/create-report-page';
import { setupStore } from '../../../../src/client/app/store';
import type { PushSocket, SocketFactory } from '../../../../src/client/app/socket';
import { buyPremiumCheckoutInit } from '../../../../src/shared/api/payments';
import { pendingList } from '../../../../src/shared/api/premium';
import type { ReportListItem } from '../../../../src/shared/api/reports';
import { displayVars, gettingStarted } from '../../../../src/shared/api/account';
import { PUSH_EVENTS } from '../../../../src/shared/events';
import { REPORT_STATUS } from '../../../../src/shared/states';
import { http } from 'msw';
import { answer, fail, server } from '../../helpers/msw';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../src/shared/api/idempotency';
import { fakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import { displayVarsOf, signedIn } from '../../helpers/session';
import { next, stepHeading, uploadFile } from './render-wizard';
import { wizardServer } from './wizard-server';
import { CARD_FORM_DID_NOT_LOAD } from '../../../../src/client/components/card-form-gate';
import { SUPPORT_EMAIL } from '../../../../src/shared/constants';

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

const RID = 88;
const SECRET = 'pi_88_secret_abc';

/** A push connection the test speaks through, as the server would. */
function pushChannel() {
  const listeners = new Map<string, (payload?: unknown) => void>();
  const factory: SocketFactory = (): Promise<PushSocket> =>
    Promise.resolve({ on: (event, listener) => listeners.set(event, listener), disconnect: () => undefined, io: { on: () => undefined } });
  const push = (event: string, payload: unknown) => act(() => listeners.get(event)?.(payload));
  const connected = () => waitFor(() => expect(listeners.size).toBeGreaterThan(0));
  return { factory, push, connected };
}

const pendingItem = (id: number): ReportListItem => ({
  report_id: id,
  name: '1 Acacia Avenue, LS1 4AB',
  status: REPORT_STATUS.pending,
  created_at: 1_760_000_000,
  current_epc_band: 'D',
  current_epc: 60,
  assessor_ref: '',
  assessor_id: '',
  premium_report_purchased: false,
  deleteable: false,
  share_url: '',
});

/** The trade price wizardServer answers (getting started): £45. */
const TRADE_PENCE = 4500;

function cardServer({ credits = 0, pk = 'pk_test_wizard' } = {}) {
  const bought: { useCredit: boolean }[] = [];
  const keys: (string | null)[] = [];
  let pending: ReportListItem[] = [];
  wizardServer({ credits });
  server.use(
    answer(displayVars, () => displayVarsOf({ scheme: 'stroma', pcc: credits, stripe_pk: pk })),
    // Notes each purchase's Idempotency-Key, then lets the next handler answer it.
    http.post(`${API_ORIGIN}${buyPremiumCheckoutInit.path}`, ({ request }) => {
      keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
    }),
    answer(buyPremiumCheckoutInit, ({ body }) => {
      bought.push(body);
      return body.useCredit ? { success: true as const, rid: RID + 1 } : { success: true as const, rid: RID, cs: SECRET, pk };
    }),
    answer(pendingList, () => ({ success: true as const, reports_list: pending })),
  );
  return { bought, keys, confirmAtServer: () => (pending = [pendingItem(RID)]) };
}

async function wizardPage(socket: SocketFactory) {
  const { store, persistor } = setupStore({ preloadedState: signedIn(), socket });
  await waitFor(() => expect(persistor!.getState().bootstrapped).toBe(true));
  const page = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/uploadXml/premium']}>
        <Routes>
          <Route path="/uploadXml/:presetReportType?" element={<CreateReportPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, persistor: persistor!, page };
}

async function toPayment() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await uploadFile(user, /Lodged EPC XML/);
  await user.click(next());
  await user.click(await screen.findByRole('button', { name: /1 Acacia Avenue/ }));
  await user.click(await screen.findByRole('button', { name: 'Acme Energy' }));
  expect(await stepHeading('Payment')).toBeInTheDocument();
  return user;
}

beforeEach(() => {
  mockStripe.reset();
  mockLoads.length = 0;
  localStorage.clear();
});

describe('an assessor with no credits pays for a Premium report by card', () => {
  it('goes straight to the card form, makes the payment only on Pay, then waits for it to be confirmed by push before offering to edit', async () => {
    const { bought } = cardServer();
    const channel = pushChannel();
    await wizardPage(channel.factory);
    const user = await toPayment();

    expect(await screen.findByTestId('stripe-payment')).toBeInTheDocument();
    expect(screen.getByText('Pay £45 by card.')).toBeInTheDocument();
    // The form is shown with the key and the trade price alone: no report, purchase or payment is made by opening it.
    expect(mockStripe.loadedWith).toEqual(['pk_test_wizard']);
    expect(mockStripe.elementsOptions).toEqual([{ mode: 'payment', amount: TRADE_PENCE, currency: 'gbp' }]);
    expect(bought).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('We are confirming your payment')).toBeInTheDocument();
    expect(bought).toEqual([expect.objectContaining({ useCredit: false })]);
    expect(mockStripe.confirmCalls).toEqual([
      expect.objectContaining({ clientSecret: SECRET, confirmParams: { return_url: 'http://localhost/pending' } }),
    ]);

    await channel.connected();
    channel.push(PUSH_EVENTS.premiumReportPaymentComplete, { report_id: RID + 1 });
    expect(screen.getByText('We are confirming your payment')).toBeInTheDocument();
    channel.push(PUSH_EVENTS.premiumReportPaymentComplete, { report_id: RID });
    expect(await screen.findByRole('link', { name: 'Edit Premium Report' })).toHaveAttribute('href', `/pending/${RID}`);
    expect(screen.getByRole('button', { name: 'Create another report' })).toBeInTheDocument();
  });

  it('shows a refused card in red and lets the assessor try again on the same payment', async () => {
    const { bought, keys } = cardServer();
    await wizardPage(pushChannel().factory);
    const user = await toPayment();
    await screen.findByTestId('stripe-payment');
    mockStripe.confirmAnswer = { error: { message: 'Your card was declined.' } };
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    mockStripe.confirmAnswer = {};
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('We are confirming your payment')).toBeInTheDocument();
    // Asked twice under one Idempotency-Key: the server answers the same report and payment.
    expect(bought).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(mockStripe.confirmCalls.map((c) => c.clientSecret)).toEqual([SECRET, SECRET]);
  });

  it('makes nothing when Stripe finds the card details incomplete', async () => {
    const { bought } = cardServer();
    await wizardPage(pushChannel().factory);
    const user = await toPayment();
    await screen.findByTestId('stripe-payment');
    mockStripe.submitAnswer = { error: { message: 'Your card number is incomplete.' } };
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(bought).toEqual([]);
    expect(mockStripe.confirmCalls).toEqual([]);
  });

  it('shows the server refusing the payment in the form, and confirms nothing', async () => {
    cardServer();
    server.use(answer(buyPremiumCheckoutInit, () => fail(409, 'Premium Reports are not on sale at the moment.')));
    await wizardPage(pushChannel().factory);
    const user = await toPayment();
    await screen.findByTestId('stripe-payment');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Premium Reports are not on sale at the moment.');
    expect(mockStripe.confirmCalls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('goes on waiting after a reload, never writes the payment secret down, and finishes when the report is pending', async () => {
    const { confirmAtServer } = cardServer();
    const first = await wizardPage(pushChannel().factory);
    const user = await toPayment();
    await screen.findByTestId('stripe-payment');
    await first.persistor.flush();
    expect(JSON.stringify(localStorage)).not.toContain(SECRET);

    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await screen.findByText('We are confirming your payment');
    await first.persistor.flush();
    first.page.unmount();

    // The push came while the page was away: the pending list, refetched on load, says it is done.
    confirmAtServer();
    await wizardPage(pushChannel().factory);
    expect(await screen.findByRole('link', { name: 'Edit Premium Report' })).toHaveAttribute('href', `/pending/${RID}`);
    expect(JSON.stringify(localStorage)).not.toContain(SECRET);
  });
});

describe('a server with no trade price set', () => {
  it('says card payment is not available rather than showing a form for nothing', async () => {
    const { bought } = cardServer();
    server.use(
      answer(gettingStarted, () => ({
        success: true as const,
        current_premium_price_pence: 0,
        current_upgrade_referral_pence: 0,
        current_recommended_premium_sell_pence: 0,
      })),
    );
    await wizardPage(pushChannel().factory);
    await toPayment();
    expect(await screen.findByRole('note')).toHaveTextContent('Premium Reports cannot be bought by card at the moment.');
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(mockStripe.loadedWith).toEqual([]);
    expect(bought).toEqual([]);
  });
});

describe('the wizard card form when Stripe.js cannot load', () => {
  const blocked = () => mockLoads.push(() => Promise.reject(new Error('Failed to load Stripe.js')));

  it('says so, offers support, and shows the card form when "Try again" loads Stripe.js', async () => {
    blocked();
    const { bought } = cardServer({ pk: 'pk_test_wizard_blocked' });
    await wizardPage(pushChannel().factory);
    const user = await toPayment();
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_FORM_DID_NOT_LOAD);
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    // No credits: no credit to pay with instead.
    expect(screen.queryByRole('button', { name: /free premium credits/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stripe-payment')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(mockStripe.loadedWith).toEqual(['pk_test_wizard_blocked', 'pk_test_wizard_blocked']);
    expect(bought).toEqual([]);
  });

  it('lets an assessor with a credit buy with it instead', async () => {
    blocked();
    const { bought } = cardServer({ credits: 1, pk: 'pk_test_wizard_blocked_too' });
    await wizardPage(pushChannel().factory);
    const user = await toPayment();
    await user.click(screen.getByRole('button', { name: /^Pay by card/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_FORM_DID_NOT_LOAD);
    await user.click(screen.getByRole('button', { name: 'Use one of my free premium credits instead' }));
    expect(await screen.findByRole('link', { name: 'Edit Premium Report' })).toHaveAttribute('href', `/pending/${RID + 1}`);
    // Opening the card form made nothing: the credit bought the only report.
    expect(bought.map((b) => b.useCredit)).toEqual([true]);
  });

  it('says beside the credit button why a purchase with a credit was refused', async () => {
    blocked();
    cardServer({ credits: 1, pk: 'pk_test_wizard_blocked_refused' });
    server.use(answer(buyPremiumCheckoutInit, () => fail(400, 'You have no premium credits left.')));
    await wizardPage(pushChannel().factory);
    const user = await toPayment();
    await user.click(screen.getByRole('button', { name: /^Pay by card/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_FORM_DID_NOT_LOAD);
    await user.click(screen.getByRole('button', { name: 'Use one of my free premium credits instead' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('You have no premium credits left.'),
    );
    expect(screen.getByRole('button', { name: 'Use one of my free premium credits instead' })).toBeEnabled();
  });
});
