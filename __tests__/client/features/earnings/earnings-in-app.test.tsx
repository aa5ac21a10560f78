import { act, screen, waitFor, within } from '@testing-library/react';
import { monthName } from '../../../../src/shared/rules/london-month';
import { server } from '../../helpers/msw';
import { renderApp } from '../../helpers/render';
import { shellHandlers, signedIn } from '../../helpers/session';
import { fakeSocket } from '../settings/settings-server';
import { earningsOf, earningsServer, nothingEarned, THIS_MONTH } from './earnings-server';

describe('My Earnings in the app', () => {
  it('opens at /earnings inside the shell, and a payment refreshes it without adding anything to the side navigation', async () => {
    const socket = fakeSocket();
    const served = earningsServer(nothingEarned());
    server.use(...shellHandlers().handlers, served.handler);
    renderApp({ route: '/earnings', preloadedState: signedIn(), socket: socket.factory });
    expect(await screen.findByRole('heading', { name: 'My Earnings', level: 1 })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'You have not earned a referral fee yet' });
    const nav = screen.getByRole('navigation', { name: 'App' });
    expect(within(nav).getByRole('link', { name: 'My Earnings' })).toHaveTextContent(/^My Earnings$/);
    await waitFor(() => expect(socket.connected()).toBe(true));
    const navBefore = nav.textContent;

    served.state.earnings = earningsOf();
    act(() => socket.push('newCommissionPayment', {}));
    expect(await screen.findByRole('region', { name: monthName(THIS_MONTH) })).toBeInTheDocument();
    expect(nav.textContent).toBe(navBefore);
  });
});
