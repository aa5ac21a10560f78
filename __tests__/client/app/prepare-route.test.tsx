import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { API_ORIGIN } from '../../../src/client/lib/api';
import { displayVars, gettingStarted } from '../../../src/shared/api/account';
import { checkMessages } from '../../../src/shared/api/messages';
import { pendingList } from '../../../src/shared/api/premium';
import { agentEarnings } from '../../../src/shared/api/earnings';
import { ping } from '../../../src/shared/api/access';
import { reportsList } from '../../../src/shared/api/reports';
import { answer, server } from '../helpers/msw';
import { renderApp } from '../helpers/render';
import { displayVarsOf, shellHandlers, signedIn } from '../helpers/session';
import { listOf, reportItem, reportsCalls } from '../features/reports/fixtures';
import { earningsServer, nothingEarned } from '../features/earnings/earnings-server';

const prices = answer(gettingStarted, () => ({
  success: true as const,
  current_premium_price_pence: 4500,
  current_upgrade_referral_pence: 1250,
  current_recommended_premium_sell_pence: 9900,
}));

/** Counts the pending list's calls. */
function pendingCalls() {
  const calls = { count: 0 };
  const handler = answer(pendingList, () => {
    calls.count += 1;
    return { success: true as const, reports_list: [] };
  });
  return { handler, calls };
}

const appNav = () => screen.findByRole('navigation', { name: 'App' });

describe('a page fetched ahead of its render', () => {
  it('asks for the session, the shell and the page data together on a cold load, and the page shows what came back', async () => {
    // Each of the four calls is held until all four have arrived: calls made one after another never would.
    const arrived = new Set<string>();
    let allArrived: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (allArrived = resolve));
    const held = (name: string) => async () => {
      arrived.add(name);
      if (arrived.size === 4) allArrived();
      await together;
    };
    const list = reportsCalls((query) => listOf([reportItem({ report_id: 7, name: '7 Acacia Avenue, LS1 4AB' })], 21, Number(query.page)));
    // Earlier handlers go first: each held call then falls through to its answer.
    const session = shellHandlers();
    server.use(
      http.post(`${API_ORIGIN}${ping.path}`, held('ping')),
      http.get(`${API_ORIGIN}${displayVars.path}`, held('displayvars')),
      http.get(`${API_ORIGIN}${checkMessages.path}`, held('messages')),
      http.get(`${API_ORIGIN}${reportsList.path}`, held('list')),
      ...session.handlers,
      list.handler,
    );
    // A browser with only the session cookie: nothing stored says who is logged in.
    renderApp({ route: '/reports?search=acacia&page=2', prepareRoutes: true });

    expect(await screen.findByText('7 Acacia Avenue, LS1 4AB')).toBeInTheDocument();
    // The first render took the start's session check as its own.
    expect(session.calls.pings).toBe(1);
    // The page found its list fetched ahead, for the search and page in the address: asked once.
    expect(list.queries.filter((q) => q.search === 'acacia')).toEqual([{ mode: 'preliminary', search: 'acacia', page: '2' }]);
  });

  it("fetches a menu page's data while the pointer rests on its link, and the click shows it without asking again", async () => {
    const earnings = earningsServer(nothingEarned());
    let earningsCalls = 0;
    server.use(
      http.get(`${API_ORIGIN}${agentEarnings.path}`, () => {
        earningsCalls += 1;
      }),
      ...shellHandlers().handlers,
      reportsCalls().handler,
      prices,
      earnings.handler,
    );
    const { user, router } = renderApp({ route: '/home', preloadedState: signedIn(), prepareRoutes: true });
    const link = within(await appNav()).getByRole('link', { name: 'My Earnings' });

    await user.hover(link);
    await waitFor(() => expect(earningsCalls).toBe(1));
    expect(router.state.location.pathname).toBe('/home');

    await user.click(link);
    expect(await screen.findByRole('region', { name: 'You have not earned a referral fee yet' })).toBeInTheDocument();
    expect(earningsCalls).toBe(1);
  });

  it('fetches ahead for a menu link the keyboard focuses', async () => {
    const list = reportsCalls();
    server.use(...shellHandlers().handlers, list.handler, prices);
    renderApp({ route: '/home', preloadedState: signedIn(), prepareRoutes: true });
    within(await appNav())
      .getByRole('link', { name: 'Deleted Reports' })
      .focus();
    await waitFor(() => expect(list.queries).toContainEqual({ mode: 'preliminary', deleted: 'yes' }));
  });

  it('fetches the likeliest next pages on idle: the Report List, and Pending while reports wait there, not the others', async () => {
    const list = reportsCalls();
    const pending = pendingCalls();
    let earningsCalls = 0;
    server.use(
      http.get(`${API_ORIGIN}${agentEarnings.path}`, () => {
        earningsCalls += 1;
      }),
      ...shellHandlers({ vars: displayVarsOf({ prc: 2 }) }).handlers,
      list.handler,
      pending.handler,
      prices,
    );
    renderApp({ route: '/home', preloadedState: signedIn(), prepareRoutes: true });

    await waitFor(() => expect(list.queries).toContainEqual({ mode: 'preliminary' }));
    await waitFor(() => expect(pending.calls.count).toBe(1));
    expect(earningsCalls).toBe(0);
    expect(list.queries).not.toContainEqual({ mode: 'preliminary', deleted: 'yes' });
  });
});
