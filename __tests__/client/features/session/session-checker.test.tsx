import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import { ping } from '../../../../src/shared/api/access';
import { SESSION_PING_MS } from '../../../../src/shared/constants';
import { server } from '../../helpers/msw';
import { renderApp } from '../../helpers/render';
import { pingAsRole, shellHandlers, signedIn } from '../../helpers/session';
import { reportsCalls } from '../reports/fixtures';

/** A session restored from storage that the server has not confirmed yet on this page load. */
const restored = () => signedIn({ checked: false });

// The Report List at /reports loads its list; these tests use it only as a page inside the shell.
beforeEach(() => server.use(reportsCalls().handler));

describe('session check', () => {
  it('confirms a restored session when the app starts, then shows the page', async () => {
    const { calls, handlers } = shellHandlers();
    server.use(...handlers);
    const { store } = renderApp({ route: '/reports', preloadedState: restored() });
    expect(screen.getByText('Checking your session')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Report List' })).toBeInTheDocument();
    expect(calls.pings).toBe(1);
    expect(store.getState().session).toMatchObject({ loggedIn: true, checked: true });
  });

  it('logs the user out and goes to / when the server says the session has ended', async () => {
    const { calls, handlers } = shellHandlers({ loggedIn: false });
    server.use(...handlers);
    const { store, router } = renderApp({ route: '/reports', preloadedState: restored() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().session.loggedIn).toBe(false);
    expect(calls.logouts).toBe(1);
    expect(await screen.findByRole('heading', { name: 'Assessor login' })).toBeInTheDocument();
  });

  it('logs out a user whose role this app does not serve', async () => {
    const { calls, handlers } = shellHandlers();
    server.use(pingAsRole('admin'), ...handlers);
    const { store, router } = renderApp({ route: '/reports', preloadedState: restored() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().session.loggedIn).toBe(false);
    expect(calls.logouts).toBe(1);
  });

  it('checks again on every route change', async () => {
    const { calls, handlers } = shellHandlers();
    server.use(...handlers);
    const { user } = renderApp({ route: '/reports', preloadedState: signedIn() });
    await screen.findByRole('heading', { name: 'Report List' });
    await waitFor(() => expect(calls.pings).toBe(1));
    await user.click(await screen.findByRole('link', { name: 'Deleted Reports' }));
    await screen.findByRole('heading', { name: 'Deleted Reports' });
    await waitFor(() => expect(calls.pings).toBe(2));
  });

  it('checks every 30 seconds while logged in', async () => {
    // The clock also moves on in real time, so the network and React keep working while it is fake.
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { calls, handlers } = shellHandlers();
      server.use(...handlers);
      renderApp({ route: '/reports', preloadedState: signedIn() });
      await screen.findByRole('heading', { name: 'Report List' });
      await waitFor(() => expect(calls.pings).toBe(1));
      act(() => jest.advanceTimersByTime(SESSION_PING_MS - 1));
      expect(calls.pings).toBe(1);
      act(() => jest.advanceTimersByTime(1));
      await waitFor(() => expect(calls.pings).toBe(2));
      act(() => jest.advanceTimersByTime(SESSION_PING_MS));
      await waitFor(() => expect(calls.pings).toBe(3));
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the user in when the server cannot be reached', async () => {
    server.use(
      http.post(`${API_ORIGIN}${ping.path}`, () => HttpResponse.error()),
      ...shellHandlers().handlers,
    );
    const { store } = renderApp({ route: '/reports', preloadedState: restored() });
    expect(await screen.findByRole('heading', { name: 'Report List' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ loggedIn: true, checked: true });
  });

  it('logs in a visitor whose browser still holds a live session cookie', async () => {
    server.use(...shellHandlers().handlers);
    const { store } = renderApp({ route: '/reports' });
    expect(await screen.findByRole('heading', { name: 'Report List' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ loggedIn: true, role: 'surveyor', name: 'Ann Smith' });
  });

  it.each([
    ['the login page', '/', 'Assessor login'],
    ['the sign-up page', '/signup', /^Register with/],
  ])('asks nothing of the server on %s when the stored session is logged out', async (_page, route, heading) => {
    const { calls, handlers } = shellHandlers({ loggedIn: false });
    server.use(...handlers);
    const { store } = renderApp({ route });
    // Checked is set only once the check is over: a ping would have been answered by then.
    await waitFor(() => expect(store.getState().session.checked).toBe(true));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(calls.pings).toBe(0);
    expect(store.getState().session.loggedIn).toBe(false);
  });
});
