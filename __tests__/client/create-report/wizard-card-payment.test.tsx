import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CreateReportPage from '../../../src/client/features/create-report/create-report-page';
import { setupStore } from '../../../src/client/app/store';
import type { PushSocket, SocketFactory } from '../../../src/client/app/socket';
import { buyPremiumCheckoutInit, pendingList, type ReportListItem } from '../../../src/shared/api/reports';
import { PUSH_EVENTS } from '../../../src/shared/events';
import { REPORT_STATUS } from '../../../src/shared/states';
import { answer, server } from '../helpers/msw';
import { fakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { signedIn } from '../helpers/session';
import { next, stepHeading, uploadFile } from './render-wizard';
import { wizardServer } from './wizard-server';

// One for the file, as the page keeps one Stripe object per key for its life; reset before each test.
const mockStripe: FakeStripe = fakeStripe();
jest.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (key: string) => {
    mockStripe.loadedWith.push(key);
    return Promise.resolve(mockStripe.stripe);
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

function cardServer() {
  const bought: { useCredit: boolean }[] = [];
  let pending: ReportListItem[] = [];
  wizardServer({ credits: 0 });
  server.use(
    answer(buyPremiumCheckoutInit, ({ body }) => {
      bought.push(body);
      return { success: true as const, rid: RID, cs: SECRET, pk: 'pk_test_wizard' };
    }),
    answer(pendingList, () => ({ success: true as const, reports_list: pending })),
  );
  return { bought, confirmAtServer: () => (pending = [pendingItem(RID)]) };
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
  localStorage.clear();
});

describe('an assessor with no credits pays for a Premium report by card', () => {
  it('goes straight to the card form, then waits for the payment to be confirmed by push before offering to edit', async () => {
    const { bought } = cardServer();
    const channel = pushChannel();
    await wizardPage(channel.factory);
    const user = await toPayment();

    expect(await screen.findByTestId('stripe-payment')).toBeInTheDocument();
    expect(bought).toEqual([expect.objectContaining({ useCredit: false })]);
    expect(mockStripe.loadedWith).toEqual(['pk_test_wizard']);
    expect(mockStripe.elementsOptions[0]).toMatchObject({ clientSecret: SECRET });
    expect(screen.getByText('Pay £45 by card.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('We are confirming your payment')).toBeInTheDocument();
    expect(mockStripe.confirmCalls[0].confirmParams?.return_url).toBe('http://localhost/pending');

    await channel.connected();
    channel.push(PUSH_EVENTS.premiumReportPaymentComplete, { report_id: RID + 1 });
    expect(screen.getByText('We are confirming your payment')).toBeInTheDocument();
    channel.push(PUSH_EVENTS.premiumReportPaymentComplete, { report_id: RID });
    expect(await screen.findByRole('link', { name: 'Edit Premium Report' })).toHaveAttribute('href', `/pending/${RID}`);
    expect(screen.getByRole('button', { name: 'Create another report' })).toBeInTheDocument();
  });

  it('shows a refused card in red and lets the assessor try again on the same payment', async () => {
    const { bought } = cardServer();
    await wizardPage(pushChannel().factory);
    const user = await toPayment();
    await screen.findByTestId('stripe-payment');
    mockStripe.confirmAnswer = { error: { message: 'Your card was declined.' } };
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    mockStripe.confirmAnswer = {};
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('We are confirming your payment')).toBeInTheDocument();
    expect(bought).toHaveLength(1);
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
