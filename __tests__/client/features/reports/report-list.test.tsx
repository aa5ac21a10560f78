import { screen, waitFor, within } from '@testing-library/react';
import ReportListPage from '../../../../src/client/features/reports/report-list-page';
import type { RootState } from '../../../../src/client/app/store';
import { renderWithProviders } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { listOf, reportItem, reportsCalls } from './fixtures';
import { server } from '../../helpers/msw';

function openList(list: Parameters<typeof reportsCalls>[0], options: { route?: string; preloadedState?: Partial<RootState> } = {}) {
  const calls = reportsCalls(list);
  server.use(calls.handler);
  const rendered = renderWithProviders(<ReportListPage />, {
    route: options.route ?? '/reports',
    path: '/reports',
    preloadedState: options.preloadedState ?? signedIn(),
  });
  return { ...rendered, queries: calls.queries };
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('Report List', () => {
  it('shows each report with its date, EPC band and points, status and share link', async () => {
    const { user } = openList(() =>
      listOf([
        reportItem({ report_id: 1, name: '1 Acacia Avenue, LS1 4AB', status: 'Ready!' }),
        reportItem({ report_id: 2, name: '2 Birch Road, LS2 7CD', status: 'Error', current_epc_band: 'F', current_epc: 30 }),
        reportItem({ report_id: 3, name: '3 Cedar Close, LS3 9EF', status: 'Regenerating' }),
        reportItem({ report_id: 4, name: '4 Damson Drive, LS4 1GH', status: 'Generating' }),
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Report List' })).toBeInTheDocument();
    await screen.findByText('1 Acacia Avenue, LS1 4AB');
    expect(rows()).toHaveLength(4);

    const first = within(rows()[0]);
    expect(first.getByRole('rowheader')).toHaveTextContent('1 Acacia Avenue, LS1 4AB');
    expect(first.getByText('5 Mar 2024')).toBeInTheDocument();
    expect(first.getByText('D').parentElement).toHaveTextContent('D 62');
    expect(first.getByRole('button', { name: 'Ready! Open the report for 1 Acacia Avenue, LS1 4AB' })).toBeInTheDocument();

    const error = within(rows()[1]).getByText('Error');
    expect(error).toHaveClass('status-error');
    expect(within(rows()[1]).getByText('F').parentElement).toHaveTextContent('F 30');
    for (const [row, status] of [
      [2, 'Regenerating'],
      [3, 'Generating'],
    ] as const) {
      const label = within(rows()[row]).getByText(status);
      expect(label).toHaveClass('status-neutral');
      expect(within(rows()[row]).queryByRole('button', { name: /Ready!/ })).not.toBeInTheDocument();
    }

    const copied = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(first.getByRole('button', { name: 'Copy the share link for 1 Acacia Avenue, LS1 4AB' }));
    expect(copied).toHaveBeenCalledWith('http://localhost/s/1/acacia-avenue');
  });

  it('says how often the owner has opened each shared link', async () => {
    openList(() =>
      listOf([
        reportItem({ report_id: 1, name: '1 Acacia Avenue, LS1 4AB', opened_count: 0 }),
        reportItem({ report_id: 2, name: '2 Birch Road, LS2 7CD', opened_count: 1 }),
        reportItem({ report_id: 3, name: '3 Cedar Close, LS3 9EF', opened_count: 4 }),
      ]),
    );
    await screen.findByText('1 Acacia Avenue, LS1 4AB');
    expect(rows().map((r) => within(r).getByText(/opened/i).textContent)).toEqual(['Not opened yet', 'Opened once', 'Opened 4 times']);
  });

  it('shows the Assessor ID to estate agents only', async () => {
    openList(() => listOf([reportItem({ assessor_id: 'EES/998877' })]), { preloadedState: signedIn({ role: 'estate agent' }) });
    expect(await screen.findByRole('columnheader', { name: 'Assessor ID' })).toBeInTheDocument();
    expect(screen.getByText('EES/998877')).toBeInTheDocument();
  });

  it('hides the Assessor ID from assessors', async () => {
    openList(() => listOf([reportItem({ assessor_id: 'EES/998877' })]), { preloadedState: signedIn({ role: 'surveyor' }) });
    await screen.findAllByRole('row');
    expect(screen.queryByRole('columnheader', { name: 'Assessor ID' })).not.toBeInTheDocument();
    expect(screen.queryByText('EES/998877')).not.toBeInTheDocument();
  });

  it('searches on the server and says when nothing matched', async () => {
    const { user, queries } = openList((query) => (query.search ? listOf([]) : listOf([reportItem()])));
    await screen.findAllByRole('row');
    expect(queries).toEqual([{ mode: 'preliminary' }]);

    await user.type(screen.getByRole('searchbox', { name: 'Search reports' }), 'LS9 ZZZ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No reports matched your search')).toBeInTheDocument();
    expect(queries[queries.length - 1]).toEqual({ mode: 'preliminary', search: 'LS9 ZZZ' });

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('searchbox', { name: 'Search reports' })).toHaveValue('');
  });

  it('greets a user with no reports yet with a way to create one', async () => {
    openList(() => listOf([]));
    expect(await screen.findByText(/You have not created any reports yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a report' })).toHaveAttribute('href', '/uploadXml');
    expect(screen.queryByText('No reports matched your search')).not.toBeInTheDocument();
  });

  it('pages through 20 at a time: first, last and two either side of the current page', async () => {
    const { user, queries } = openList(
      (query) =>
        listOf(
          Array.from({ length: 20 }, () => reportItem()),
          200,
          Number(query.page ?? 1),
        ),
      { route: '/reports?page=5' },
    );
    const pager = await screen.findByRole('navigation', { name: 'Report pages' });
    expect(queries[0]).toEqual({ mode: 'preliminary', page: '5' });
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Prev', '1', '3', '4', '5', '6', '7', '10', 'Next']);
    expect(within(pager).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries[queries.length - 1]).toEqual({ mode: 'preliminary', page: '6' }));
    await user.click(within(pager).getByRole('button', { name: 'Page 10' }));
    await waitFor(() => expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled());
    await user.click(within(pager).getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(within(pager).getByRole('button', { name: 'Prev' })).toBeDisabled());
    expect(queries[queries.length - 1]).toEqual({ mode: 'preliminary' });
  });

  it('shows no paginator for a single page', async () => {
    openList(() => listOf([reportItem()]));
    await screen.findAllByRole('row');
    expect(screen.queryByRole('navigation', { name: 'Report pages' })).not.toBeInTheDocument();
  });
});
