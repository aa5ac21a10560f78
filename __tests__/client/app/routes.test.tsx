import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { Link, Outlet } from 'react-router-dom';
import { lazyPage } from '../../../src/client/app/lazy-page';
import { RouteError } from '../../../src/client/app/route-error';
import { gettingStarted } from '../../../src/shared/api/account';
import { answer, server } from '../helpers/msw';
import { renderApp } from '../helpers/render';
import { shellHandlers, signedIn } from '../helpers/session';

const prices = answer(gettingStarted, () => ({
  success: true as const,
  current_premium_price_pence: 4500,
  current_upgrade_referral_pence: 1250,
  current_recommended_premium_sell_pence: 9900,
}));

beforeEach(() => {
  window.scrollTo = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

describe('routes', () => {
  it('sends an unknown path to the login page once the session check has answered', async () => {
    server.use(...shellHandlers({ loggedIn: false }).handlers);
    const { router } = renderApp({ route: '/no/such/page' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Assessor login' })).toBeInTheDocument();
  });

  it('sends a logged-in user opening / on to Getting Started', async () => {
    server.use(...shellHandlers().handlers, prices);
    const { router } = renderApp({ route: '/', preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Getting Started' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('leads from /start, where a login lands, to /home', async () => {
    server.use(...shellHandlers().handlers, prices);
    const { router } = renderApp({ route: '/start', preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Getting Started' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends a visitor without a session away from a logged-in page to /', async () => {
    server.use(...shellHandlers({ loggedIn: false }).handlers);
    const { router } = renderApp({ route: '/account' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('navigation', { name: 'App' })).not.toBeInTheDocument();
  });

  it('hands a shared report link over to its own page, without the logged-in shell', async () => {
    server.use(...shellHandlers({ loggedIn: false }).handlers);
    // jsdom cannot navigate; that the page asked to is what matters here.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ route: '/s/12/a-slug/paynow' });
    expect(await screen.findByText('Opening your report…')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'App' })).not.toBeInTheDocument();
  });

  it("shows 'Unexpected Application Error!' when a page fails to render", async () => {
    const Broken = () => {
      throw new Error('The list could not be drawn');
    };
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ routes: [{ path: '/', element: <Broken />, errorElement: <RouteError /> }] });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The list could not be drawn')).toBeInTheDocument();
  });

  it('names the part of the app whose script failed to load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Account = lazyPage('account', () => Promise.reject(new Error('Loading chunk 644 failed.')));
    const routes = [
      {
        element: <Outlet />,
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <Link to="/account">My Account</Link> },
          { path: '/account', element: <Account /> },
        ],
      },
    ];
    const { user } = renderApp({ routes });
    await user.click(screen.getByRole('link', { name: 'My Account' }));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(
      screen.getByText('The "account" part of the app failed to load. Check your connection and reload the page.'),
    ).toBeInTheDocument();
  });

  it('gives every lazy page the same chunk name in its error message as in its webpack file name', () => {
    const source = readFileSync(join(__dirname, '../../../src/client/app/routes.tsx'), 'utf8');
    const calls = [...source.matchAll(/lazyPage\(\s*'([^']+)',\s*\(\) => import\(\/\* webpackChunkName: "([^"]+)" \*\//g)];
    expect(calls.length).toBe(source.match(/lazyPage\(/g)?.length);
    expect(calls.length).toBeGreaterThanOrEqual(12);
    for (const [, named, chunk] of calls) expect(named).toBe(chunk);
  });
});
