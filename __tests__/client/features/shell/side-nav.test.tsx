import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../helpers/render';
import { answer, server } from '../../helpers/msw';
import { displayVars } from '../../../../src/shared/api/account';
import { displayVarsOf, shellHandlers, signedIn } from '../../helpers/session';
import { PUSH_EVENTS } from '../../../../src/shared/events';
import type { PushSocket } from '../../../../src/client/app/socket';
import { reportsCalls } from '../reports/fixtures';
import { settingsServer } from '../settings/settings-server';

/** Opens a logged-in page: besides the shell's calls, only its report list (answered empty). */
function openShell(options: { vars?: ReturnType<typeof displayVarsOf>; route?: string } = {}) {
  const session = shellHandlers({ vars: options.vars });
  server.use(...session.handlers);
  const rendered = renderApp({ route: options.route ?? '/reports', preloadedState: signedIn() });
  return { ...rendered, calls: session.calls };
}

const appNav = () => screen.findByRole('navigation', { name: 'App' });
const fakeTime = (hours: number, minutes = 0) =>
  jest.useFakeTimers({
    now: new Date(2025, 5, 2, hours, minutes),
    // Only the clock is fake: msw, React and user-event keep their real timers.
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'performance',
      'hrtime',
    ],
  });

afterEach(() => jest.useRealTimers());

// The Report List at /reports loads its list; these tests use it only as a page inside the shell.
beforeEach(() => server.use(reportsCalls().handler));

describe('side navigation', () => {
  it('lists every section in order with the spec’s labels, a Log out button and the legal links', async () => {
    openShell();
    const nav = await appNav();
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Getting Started', '/home'],
      ['About', '/about'],
      ['Help', '/help'],
      ['Create Report', '/uploadXml'],
      ['Report List', '/reports'],
      ['Deleted Reports', '/deleted'],
      ['My Earnings', '/earnings'],
      ['Premium Reports', '/premium'],
      ['Portfolios', '/portfolios'],
      ['Branding', '/settings'],
      ['My Account', '/account'],
      ['Privacy policy', '/privacy'],
      ['Terms and conditions', '/terms'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'App menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['03:00', 3, 0, 'Good morning'],
    ['11:59', 11, 59, 'Good morning'],
    ['12:00', 12, 0, 'Good afternoon'],
    ['16:59', 16, 59, 'Good afternoon'],
    ['17:00', 17, 0, 'Good evening'],
    ['02:59', 2, 59, 'Good evening'],
  ])('at %s greets the user by their real name', async (_at, hours, minutes, greeting) => {
    fakeTime(hours, minutes);
    openShell({ vars: displayVarsOf({ name: 'Ann Smith-Jones' }) });
    expect(await within(await appNav()).findByText(`${greeting}, Ann Smith-Jones`)).toBeInTheDocument();
  });

  it('marks Branding as the current section on the branding form too', async () => {
    settingsServer();
    openShell({ route: '/branding/new' });
    const nav = await appNav();
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Branding' })).toHaveClass('active'));
    expect(within(nav).getByRole('link', { name: 'Report List' })).not.toHaveClass('active');
  });

  it('shows Pending only while premium reports wait, with their count in a badge', async () => {
    openShell({ vars: displayVarsOf({ prc: 3 }) });
    const pending = await within(await appNav()).findByRole('link', { name: /Pending/ });
    expect(pending).toHaveAttribute('href', '/pending');
    expect(within(pending).getByText('3')).toHaveClass('nav-badge-alert');
  });

  it('has no Pending entry when nothing is pending', async () => {
    openShell({ vars: displayVarsOf({ prc: 0, name: 'Ann Smith-Jones' }) });
    const nav = await appNav();
    // The name from display vars shows that they have arrived.
    expect(await within(nav).findByText(/Good \w+, Ann Smith-Jones/)).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Pending/ })).not.toBeInTheDocument();
  });

  it('brings up Pending when a push says a report is now pending', async () => {
    let pendingCount = 0;
    const listeners: Record<string, (payload?: unknown) => void> = {};
    const socket: PushSocket = {
      on: (event, listener) => (listeners[event] = listener),
      disconnect: () => undefined,
      io: { on: () => undefined },
    };
    // Handlers given first win: this display vars answer replaces the default one.
    server.use(
      answer(displayVars, () => displayVarsOf({ prc: pendingCount })),
      ...shellHandlers().handlers,
    );
    renderApp({ route: '/reports', preloadedState: signedIn(), socket: () => Promise.resolve(socket) });
    const nav = await appNav();
    await waitFor(() => expect(listeners[PUSH_EVENTS.pendingUpdate]).toBeDefined());
    expect(within(nav).queryByRole('link', { name: /Pending/ })).not.toBeInTheDocument();

    pendingCount = 1;
    act(() => listeners[PUSH_EVENTS.pendingUpdate]({}));
    expect(await within(nav).findByRole('link', { name: 'Pending 1' })).toBeInTheDocument();
  });

  it('shows a 1 on Report List and Premium Reports on a first login until each has been opened', async () => {
    const { user } = openShell({ vars: displayVarsOf({ lc: 1 }), route: '/deleted' });
    const nav = await appNav();
    const reports = await within(nav).findByRole('link', { name: 'Report List 1' });
    expect(within(nav).getByRole('link', { name: 'Premium Reports 1' })).toBeInTheDocument();

    await user.click(reports);
    expect(await within(nav).findByRole('link', { name: 'Report List' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Premium Reports 1' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Premium Reports 1' }));
    expect(await within(nav).findByRole('link', { name: 'Premium Reports' })).toBeInTheDocument();
  });

  it('shows no first-login badges from the second login on', async () => {
    openShell({ vars: displayVarsOf({ lc: 2, name: 'Ann Smith-Jones' }), route: '/deleted' });
    const nav = await appNav();
    expect(await within(nav).findByText(/Good \w+, Ann Smith-Jones/)).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Report List' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Premium Reports' })).toBeInTheDocument();
  });

  it('logs out: tells the server, forgets the session and its cached data, and goes to the login page', async () => {
    const { user, store, router, calls } = openShell();
    const nav = await appNav();
    await user.click(within(nav).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.logouts).toBe(1);
    expect(store.getState().session.loggedIn).toBe(false);
    expect(store.getState().api.queries).toEqual({});
    expect(await screen.findByRole('heading', { name: 'Assessor login' })).toBeInTheDocument();
  });
});
