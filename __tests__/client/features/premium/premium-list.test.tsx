import { act, screen, waitFor, within } from '@testing-library/react';
import PremiumReportsPage from '../../../../src/client/features/premium/premium-reports-page';
import type { RequestOf } from '../../../../src/shared/api/define';
import { reportUrl } from '../../../../src/shared/api/reports';
import { answer, server } from '../../helpers/msw';
import { renderWithProviders } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { listOf, reportItem, reportsCalls } from '../reports/fixtures';
import { fakeSocket } from '../settings/settings-server';

afterEach(() => jest.restoreAllMocks());

const premium = (overrides: Parameters<typeof reportItem>[0] = {}) => reportItem({ premium_report_purchased: true, ...overrides });

function openPremium(list: Parameters<typeof reportsCalls>[0], route = '/premium') {
  const calls = reportsCalls(list);
  const socket = fakeSocket();
  server.use(calls.handler);
  const rendered = renderWithProviders(<PremiumReportsPage />, {
    route,
    path: '/premium',
    preloadedState: signedIn(),
    socket: socket.factory,
  });
  return { ...rendered, queries: calls.queries, socket };
}

describe('Premium Reports', () => {
  it('lists the finalised Premium reports, opens each one’s PDF and copies the owner’s Premium link', async () => {
    const asked: RequestOf<typeof reportUrl>[] = [];
    server.use(
      answer(reportUrl, ({ body }) => {
        asked.push(body);
        return { success: true as const, report_url: 'https://files.example/p/3.pdf?sig=xyz' };
      }),
    );
    const { user, queries } = openPremium(() =>
      listOf([premium({ report_id: 3, name: '3 Cedar Close, LS3 9EF', share_url: 'http://localhost/s/premium/3/cedar-close' })]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Reports' })).toBeInTheDocument();
    const row = within((await screen.findByText('3 Cedar Close, LS3 9EF')).closest('tr')!);
    expect(queries).toEqual([{ mode: 'premium' }]);
    // A Premium report the owner paid for stays: nothing here deletes it.
    expect(row.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    const copied = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(row.getByRole('button', { name: 'Copy the Premium link for 3 Cedar Close, LS3 9EF' }));
    expect(copied).toHaveBeenCalledWith('http://localhost/s/premium/3/cedar-close');

    const tab = { opener: window as unknown, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await user.click(row.getByRole('button', { name: 'Ready! Open the report for 3 Cedar Close, LS3 9EF' }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/p/3.pdf?sig=xyz'));
    expect(asked).toEqual([{ report_id: 3, mode: 'premium' }]);
  });

  it('searches and pages like the Report List', async () => {
    const { user, queries } = openPremium(
      (query) =>
        query.search
          ? listOf([])
          : listOf(
              Array.from({ length: 20 }, () => premium()),
              45,
              Number(query.page ?? 1),
            ),
      '/premium?page=2',
    );
    const pager = await screen.findByRole('navigation', { name: 'Report pages' });
    expect(queries[0]).toEqual({ mode: 'premium', page: '2' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries[queries.length - 1]).toEqual({ mode: 'premium', page: '3' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search reports' }), 'LS9');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No reports matched your search')).toBeInTheDocument();
    expect(queries[queries.length - 1]).toEqual({ mode: 'premium', search: 'LS9' });
  });

  it('shows a newly finalised report when the server pushes the list’s update', async () => {
    const state = { reports: [premium({ name: '1 Acacia Avenue, LS1 4AB' })] };
    const { socket } = openPremium(() => listOf(state.reports));
    await screen.findByText('1 Acacia Avenue, LS1 4AB');
    state.reports = [premium({ name: '2 Birch Road, LS2 7CD' }), ...state.reports];
    await waitFor(() => expect(socket.connected()).toBe(true));
    act(() => socket.push('reportListUpdate', {}));
    expect(await screen.findByText('2 Birch Road, LS2 7CD')).toBeInTheDocument();
  });

  it('points to Pending when no Premium report is finalised yet', async () => {
    openPremium(() => listOf([]));
    expect(await screen.findByText(/You have no finalised Premium reports yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pending' })).toHaveAttribute('href', '/pending');
  });
});
