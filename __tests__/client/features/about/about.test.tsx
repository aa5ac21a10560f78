import { screen, waitFor, within } from '@testing-library/react';
import { gettingStartedApi } from '../../../../src/client/features/getting-started/api';
import AboutPage from '../../../../src/client/features/about/about-page';
import { gettingStarted } from '../../../../src/shared/api/account';
import { renderWithProviders } from '../../helpers/render';
import { answer, fail, server } from '../../helpers/msw';

const openAbout = () => renderWithProviders(<AboutPage />, { route: '/about' });

const prices = () =>
  server.use(
    answer(
      gettingStarted,
      () =>
        ({
          success: true,
          current_premium_price_pence: 4500,
          current_upgrade_referral_pence: 1500,
          current_recommended_premium_sell_pence: 9900,
        }) as const,
    ),
  );

describe('About page', () => {
  it('explains the product, with no tutorials or players of its own', () => {
    prices();
    openAbout();
    expect(screen.getByRole('heading', { level: 1, name: 'About EPCplus' })).toBeInTheDocument();
    expect(screen.getByText(/turns the two XML files of an EPC survey into a branded property improvement report/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Creating a Preliminary Report' })).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
  });

  it('says what the free Preliminary Report contains, that nobody pays, and the referral fee', async () => {
    prices();
    openAbout();
    const preliminary = screen.getByRole('article', { name: 'Preliminary Report (EPC+)' });
    expect(within(preliminary).getByText('Free')).toBeInTheDocument();
    expect(within(preliminary).getByText(/indicative cost, the EPC points it gains/)).toBeInTheDocument();
    expect(within(preliminary).getByText('Nobody: it is free for you and for your customer.')).toBeInTheDocument();
    expect(await within(preliminary).findByText('£15')).toBeInTheDocument();
    expect(within(preliminary).getByRole('link', { name: 'Create a Preliminary Report' })).toHaveAttribute(
      'href',
      '/uploadXml/preliminary',
    );
  });

  it('says what the paid Premium Report contains, who pays at which price, and delivery within 3 working days', async () => {
    prices();
    openAbout();
    const premium = screen.getByRole('article', { name: 'Premium Report' });
    expect(within(premium).getByText('Paid')).toBeInTheDocument();
    expect(within(premium).getByText(/a custom plan of the measures you choose, and your own remarks/)).toBeInTheDocument();
    expect(within(premium).getByText(/it is delivered within 3 working days/)).toBeInTheDocument();
    expect(await within(premium).findByText('£45')).toBeInTheDocument();
    expect(within(premium).getByText('£99')).toBeInTheDocument();
    expect(within(premium).getByText(/Your customer, on the link to their free report/)).toHaveTextContent(
      'Your customer, on the link to their free report (and you earn the referral fee); or you, at the trade price of £45, by card or with a free premium credit, reselling it at a price you choose. We suggest selling it for £99.',
    );
  });

  it('still reads as whole sentences when the prices cannot be loaded', async () => {
    server.use(answer(gettingStarted, () => fail(500, 'Something went wrong.')));
    const { store } = openAbout();
    await waitFor(() => expect(gettingStartedApi.endpoints.gettingStarted.select()(store.getState()).isError).toBe(true));
    const premium = screen.getByRole('article', { name: 'Premium Report' });
    const whoPays = within(premium).getByText(/Your customer, on the link/);
    expect(whoPays).toHaveTextContent(
      'Your customer, on the link to their free report (and you earn the referral fee); or you, at the trade price, by card or with a free premium credit, reselling it at a price you choose.',
    );
  });
});
