import { screen, within } from '@testing-library/react';
import GettingStartedPage from '../../../../src/client/features/getting-started/getting-started-page';
import { gettingStarted } from '../../../../src/shared/api/account';
import { answer, fail, server } from '../../helpers/msw';
import { renderWithProviders } from '../../helpers/render';
import { signedIn } from '../../helpers/session';

function openHome(prices = { trade: 4500, referral: 1250, sell: 30000 }) {
  server.use(
    answer(gettingStarted, () => ({
      success: true as const,
      current_premium_price_pence: prices.trade,
      current_upgrade_referral_pence: prices.referral,
      current_recommended_premium_sell_pence: prices.sell,
    })),
  );
  return renderWithProviders(<GettingStartedPage />, { route: '/home', preloadedState: signedIn() });
}

describe('Getting Started', () => {
  it('shows the three amounts in pounds, dropping .00 on whole pounds', async () => {
    openHome();
    const referral = (await screen.findByRole('heading', { name: 'Referral fee' })).closest('li')!;
    expect(within(referral).getByText('£12.50')).toBeInTheDocument();
    const trade = screen.getByRole('heading', { name: 'Trade price' }).closest('li')!;
    expect(within(trade).getByText('£45')).toBeInTheDocument();
    const sell = screen.getByRole('heading', { name: 'Recommended sell price' }).closest('li')!;
    expect(within(sell).getByText('£300')).toBeInTheDocument();
  });

  it("offers three 'Let's get started!' buttons into Create Report", async () => {
    openHome();
    const starts = await screen.findAllByRole('link', { name: "Let's get started!" });
    expect(starts).toHaveLength(3);
    for (const link of starts) expect(link).toHaveAttribute('href', '/uploadXml');
  });

  it('prompts to see the benefits, welcomes, and compares the two reports with a create button for each', async () => {
    openHome();
    expect(screen.getByRole('link', { name: /See the benefits/ })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('heading', { name: 'Welcome to EPCplus' })).toBeInTheDocument();
    const comparison = screen.getByRole('region', { name: 'Preliminary versus Premium' });
    expect(within(comparison).getByRole('columnheader', { name: 'Preliminary Report' })).toBeInTheDocument();
    expect(within(comparison).getByRole('columnheader', { name: 'Premium Report' })).toBeInTheDocument();
    expect(within(comparison).getByText('Delivered within 3 working days')).toBeInTheDocument();
    expect(within(comparison).getByRole('link', { name: 'Create a Preliminary Report' })).toHaveAttribute('href', '/uploadXml/preliminary');
    expect(within(comparison).getByRole('link', { name: 'Create a Premium Report' })).toHaveAttribute('href', '/uploadXml/premium');
    await screen.findByText('£45');
  });

  it('carries the warning for mobile browsers (shown on narrow screens and phones)', async () => {
    openHome();
    expect(screen.getByRole('note')).toHaveTextContent('It looks like you are using a mobile browser.');
    await screen.findByText('£45');
  });

  it('says so when the prices cannot be loaded', async () => {
    server.use(answer(gettingStarted, () => fail(500, 'Database unavailable')));
    renderWithProviders(<GettingStartedPage />, { route: '/home', preloadedState: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the current prices.');
  });
});
