import { act, screen, waitFor, within } from '@testing-library/react';
import type { PushSocket, SocketFactory } from '../../../../src/client/app/socket';
import { portfoliosList } from '../../../../src/shared/api/portfolios';
import { answer, server } from '../../helpers/msw';
import { renderApp } from '../../helpers/render';
import { shellHandlers, signedIn } from '../../helpers/session';
import { homeOf, portfolioCall, portfolioItem, viewOf } from './fixtures';

jest.mock('../../../../src/client/components/homes-map', () => ({ HomesMap: () => null }));

beforeEach(() => {
  server.use(
    ...shellHandlers().handlers,
    answer(portfoliosList, () => ({
      success: true as const,
      portfolios: [portfolioItem({ portfolio_id: 7, name: 'Northern Lets' })],
      total: 1,
      page: 1,
    })),
  );
});

describe('portfolio pages in the app', () => {
  it('opens Portfolios from the menu, and a portfolio from the list', async () => {
    server.use(portfolioCall(() => viewOf(7, [homeOf({ address: '1 Acacia Avenue, Leeds' })])).handler);
    const { user, router } = renderApp({ route: '/home', preloadedState: signedIn() });
    await user.click(within(await screen.findByRole('navigation', { name: 'App' })).getByRole('link', { name: 'Portfolios' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolios' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Northern Lets' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Northern Lets' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portfolios/7');
    expect(await screen.findByRole('link', { name: /1 Acacia Avenue, Leeds/ })).toBeInTheDocument();
  });

  it('opens the New portfolio form from the list', async () => {
    const { user, router } = renderApp({ route: '/portfolios', preloadedState: signedIn() });
    await user.click((await screen.findAllByRole('link', { name: 'New portfolio' }))[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'New portfolio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portfolios/new');
  });

  it('refetches an open portfolio when one of its reports changes, and when the portfolio itself does', async () => {
    let rating = 57;
    const view = portfolioCall(() => viewOf(7, [homeOf({ address: '1 Acacia Avenue, Leeds', rating })]));
    server.use(view.handler);
    let push: (event: string, payload?: unknown) => void = () => undefined;
    const socket: SocketFactory = (): Promise<PushSocket> => {
      const listeners = new Map<string, (payload?: unknown) => void>();
      push = (event, payload) => listeners.get(event)?.(payload);
      return Promise.resolve({
        on: (event, listener) => void listeners.set(event, listener),
        disconnect: () => undefined,
        io: { on: () => undefined },
      });
    };
    renderApp({ route: '/portfolios/7', preloadedState: signedIn(), socket });
    const row = async () => (await screen.findByRole('link', { name: /1 Acacia Avenue, Leeds/ })).closest('tr')!;
    expect(await row()).toHaveTextContent('D 57');

    // A report regenerated with new figures: its home in the portfolio shows them.
    rating = 60;
    act(() => push('reportListUpdate', { report_id: 1011 }));
    await waitFor(async () => expect(await row()).toHaveTextContent('D 60'));

    rating = 62;
    act(() => push('portfolioUpdate', { portfolio_id: 7 }));
    await waitFor(async () => expect(await row()).toHaveTextContent('D 62'));
  });
});
