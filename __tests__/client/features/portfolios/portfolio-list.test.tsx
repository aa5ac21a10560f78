import { act, screen, waitFor, within } from '@testing-library/react';
import PortfolioListPage from '../../../../src/client/features/portfolios/portfolio-list-page';
import { NoticeRegion } from '../../../../src/client/components/notice';
import type { PushSocket, SocketFactory } from '../../../../src/client/app/socket';
import type { RequestOf } from '../../../../src/shared/api/define';
import { portfolioDelete, portfoliosList, type PortfolioListItem } from '../../../../src/shared/api/portfolios';
import { answer, fail, server } from '../../helpers/msw';
import { findNotice } from '../../helpers/notice';
import { renderWithProviders } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { portfolioItem } from './fixtures';

/** A server holding live and deleted portfolios, which the delete call moves between. */
function portfoliosServer(live: PortfolioListItem[], deleted: PortfolioListItem[] = [], refuse?: string) {
  const state = { live: [...live], deleted: [...deleted] };
  const queries: Record<string, string>[] = [];
  const deletes: RequestOf<typeof portfolioDelete>[] = [];
  server.use(
    answer(portfoliosList, ({ query }) => {
      queries.push(query);
      const list = query.deleted === 'yes' ? state.deleted : state.live;
      const found = query.search ? list.filter((p) => p.name.includes(query.search)) : list;
      return { success: true as const, portfolios: found, total: found.length, page: Number(query.page ?? 1) };
    }),
    answer(portfolioDelete, ({ body }) => {
      deletes.push(body);
      if (refuse) return fail(404, refuse);
      const [from, to] = body.delete_mode === 'delete' ? [state.live, state.deleted] : [state.deleted, state.live];
      to.push(
        ...from.splice(
          from.findIndex((p) => p.portfolio_id === body.portfolio_id),
          1,
        ),
      );
      return { success: true as const };
    }),
  );
  return { state, queries, deletes };
}

/** A push connection the test speaks through. */
function pushChannel() {
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
  return { socket, push: (event: string, payload?: unknown) => push(event, payload) };
}

function openList(route = '/portfolios', socket?: SocketFactory) {
  return renderWithProviders(
    <>
      <PortfolioListPage />
      <NoticeRegion />
    </>,
    { route, path: '/portfolios', preloadedState: signedIn(), socket },
  );
}

const rows = () => screen.getAllByRole('row').slice(1);

const NORTH = () => portfolioItem({ portfolio_id: 1, name: 'Northern Lets', client_name: 'Pat Landlord', home_count: 12, failing_next: 5 });
const SOUTH = () =>
  portfolioItem({ portfolio_id: 2, name: 'Southern Homes', client_name: 'Sam Owner', client_company: '', failing_next: 0 });

describe('Portfolios list', () => {
  it('shows each portfolio with its client, company, homes, failing 2030 and date, linked to its page', async () => {
    portfoliosServer([NORTH(), SOUTH()]);
    openList();
    expect(await screen.findByRole('heading', { name: 'Portfolios' })).toBeInTheDocument();
    await screen.findByText('Northern Lets');
    expect(rows()).toHaveLength(2);
    const first = within(rows()[0]);
    expect(first.getByRole('link', { name: 'Northern Lets' })).toHaveAttribute('href', '/portfolios/1');
    expect(rows()[0]).toHaveTextContent('Pat Landlord');
    expect(rows()[0]).toHaveTextContent('Pat Lets Ltd');
    expect(first.getByText('12')).toBeInTheDocument();
    expect(first.getByText('5')).toHaveClass('portfolios-failing');
    expect(first.getByText('5 Mar 2024')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New portfolio' })[0]).toHaveAttribute('href', '/portfolios/new');
  });

  it('searches on the server and says when nothing matched', async () => {
    const { queries } = portfoliosServer([NORTH(), SOUTH()]);
    const { user } = openList();
    await screen.findByText('Northern Lets');
    expect(queries).toEqual([{}]);

    await user.type(screen.getByRole('searchbox', { name: 'Search portfolios' }), 'Southern');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('Northern Lets')).not.toBeInTheDocument());
    expect(screen.getByText('Southern Homes')).toBeInTheDocument();
    expect(queries[queries.length - 1]).toEqual({ search: 'Southern' });

    await user.clear(screen.getByRole('searchbox', { name: 'Search portfolios' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search portfolios' }), 'Nowhere');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No portfolios matched your search')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Northern Lets')).toBeInTheDocument();
  });

  it('deletes after confirmation, shows it among the deleted, and undeletes it', async () => {
    const { deletes } = portfoliosServer([NORTH(), SOUTH()]);
    const { user } = openList();
    await user.click(await screen.findByRole('button', { name: 'Delete the portfolio Northern Lets' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete portfolio' });
    expect(dialog).toHaveTextContent('The link you shared with Pat Landlord stops working.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Northern Lets')).not.toBeInTheDocument());
    await findNotice('Portfolio deleted');

    await user.click(screen.getByRole('button', { name: 'Show deleted portfolios' }));
    expect(await screen.findByRole('heading', { name: 'Deleted portfolios' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undelete the portfolio Northern Lets' }));
    expect(await screen.findByText('There are no deleted portfolios.')).toBeInTheDocument();
    await findNotice('Portfolio restored');
    expect(deletes).toEqual([
      { portfolio_id: 1, delete_mode: 'delete' },
      { portfolio_id: 1, delete_mode: 'undelete' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Back to your portfolios' }));
    expect(await screen.findByText('Northern Lets')).toBeInTheDocument();
  });

  it("says the server's refusal in the portfolio's row", async () => {
    portfoliosServer([NORTH()], [], 'That portfolio does not exist.');
    const { user } = openList();
    await user.click(await screen.findByRole('button', { name: 'Delete the portfolio Northern Lets' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('That portfolio does not exist.');
    expect(refusal.closest('tr')).toHaveTextContent('Northern Lets');
  });

  it('greets an assessor with no portfolios with a way to make one', async () => {
    portfoliosServer([]);
    openList();
    expect(await screen.findByText(/You have no portfolios yet/)).toBeInTheDocument();
  });

  it('refetches when the server pushes portfolioUpdate, so a home added elsewhere shows in the count', async () => {
    const { state, queries } = portfoliosServer([NORTH()]);
    const channel = pushChannel();
    openList('/portfolios', channel.socket);
    await screen.findByText('Northern Lets');
    expect(within(rows()[0]).getByText('12')).toBeInTheDocument();

    state.live[0] = { ...state.live[0], home_count: 13 };
    act(() => channel.push('portfolioUpdate', { portfolio_id: 1 }));
    expect(await within(rows()[0]).findByText('13')).toBeInTheDocument();
    expect(queries).toHaveLength(2);
  });
});
