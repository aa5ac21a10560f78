import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import CreatePortfolioPage from '../../../../src/client/features/portfolios/create-portfolio-page';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import { getBrandings, type Branding } from '../../../../src/shared/api/brandings';
import type { RequestOf, ResponseOf } from '../../../../src/shared/api/define';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../src/shared/api/idempotency';
import { createPortfolio } from '../../../../src/shared/api/portfolios';
import { answer, fail, server } from '../../helpers/msw';
import { findNotice, LandingWithNotice } from '../../helpers/notice';
import { renderWithProviders } from '../../helpers/render';
import { signedIn } from '../../helpers/session';

const BRANDINGS: Branding[] = [
  { id: 'default', company_name: 'EPCplus', colour: '#2360b1', image_key: '', image_url: false, ro: true },
  { id: '7', company_name: 'Acme Energy', colour: '#aa3300', image_key: 'logo-7', image_url: false, ro: false },
];

type Reply = ResponseOf<typeof createPortfolio> | ReturnType<typeof fail>;

/**
 * The server's side: brandings, and the create call answering what the test says, noting each
 * body and key. Plain msw rather than answer(): the form sends what the user typed, which the
 * contract may refuse, and the refusal is what is tested.
 */
function createServer(reply: (body: RequestOf<typeof createPortfolio>) => Reply) {
  const sent: RequestOf<typeof createPortfolio>[] = [];
  const keys: (string | null)[] = [];
  server.use(
    answer(getBrandings, () => ({ success: true as const, brandings: BRANDINGS })),
    http.post(`${API_ORIGIN}${createPortfolio.path}`, async ({ request }) => {
      keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
      const body = (await request.json()) as RequestOf<typeof createPortfolio>;
      sent.push(body);
      const result = reply(body);
      return 'status' in result ? HttpResponse.json(result.body, { status: result.status }) : HttpResponse.json(result);
    }),
  );
  return { sent, keys };
}

function openForm() {
  return renderWithProviders(<CreatePortfolioPage />, {
    route: '/portfolios/new',
    preloadedState: signedIn(),
    otherRoutes: { '/portfolios/:portfolioId': <LandingWithNotice name="the portfolio" /> },
  });
}

describe('New portfolio', () => {
  it('shows the server’s field errors beside their fields, then creates once corrected and opens the portfolio', async () => {
    const { sent, keys } = createServer((body) =>
      body.client_email.includes('@')
        ? { success: true as const, portfolio_id: 42, share_url: 'http://localhost/s/portfolio/42/abcdefghijklmnop' }
        : fail(400, 'Please correct the errors.', [
            { key: 'client_email', error: 'Please enter a valid email address' },
            { key: 'name', error: 'Please name the portfolio.' },
          ]),
    );
    const { user } = openForm();
    expect(screen.getByRole('heading', { name: 'New portfolio' })).toBeInTheDocument();
    const branding = await screen.findByRole('combobox', { name: 'Branding' });
    expect(branding).toHaveValue('default');

    await user.type(screen.getByRole('textbox', { name: "Client's name" }), 'Pat Landlord');
    await user.type(screen.getByRole('textbox', { name: "Client's email" }), 'pat.example.com');
    await user.click(screen.getByRole('button', { name: 'Create portfolio' }));

    const email = screen.getByRole('textbox', { name: "Client's email" });
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByRole('textbox', { name: 'Portfolio name' })).toHaveAccessibleDescription(
      "For example the landlord's name or the estate's. Please name the portfolio.",
    );
    expect(screen.getByText('Please correct the errors above and try again.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Portfolio name' }), 'Northern Lets');
    await user.clear(email);
    await user.type(email, 'pat@example.com');
    await user.selectOptions(branding, 'Acme Energy');
    await user.click(screen.getByRole('button', { name: 'Create portfolio' }));

    expect(await screen.findByRole('heading', { name: 'landed on the portfolio' })).toBeInTheDocument();
    await findNotice('Portfolio created');
    expect(sent[1]).toEqual({
      name: 'Northern Lets',
      client_name: 'Pat Landlord',
      client_email: 'pat@example.com',
      client_company: '',
      branding_id: '7',
    });
    // Two different requests, two submissions: each has its own key.
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[^"]+"$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('says why the portfolio was not made when the refusal names no field', async () => {
    createServer(() => fail(429, 'Too many requests. Please wait a minute and try again.'));
    const { user } = openForm();
    await screen.findByRole('combobox', { name: 'Branding' });
    await user.click(screen.getByRole('button', { name: 'Create portfolio' }));
    expect(await screen.findByText('Too many requests. Please wait a minute and try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New portfolio' })).toBeInTheDocument();
  });
});
