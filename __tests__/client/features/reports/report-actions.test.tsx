import type { ReactElement } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import DeletedReportsPage from '../../../../src/client/features/reports/deleted-reports-page';
import ReportListPage from '../../../../src/client/features/reports/report-list-page';
import type { PushSocket, SocketFactory } from '../../../../src/client/app/socket';
import type { RequestOf } from '../../../../src/shared/api/define';
import { reportDelete, reportUrl, type ReportListItem } from '../../../../src/shared/api/reports';
import { answer, fail, server } from '../../helpers/msw';
import { renderWithProviders } from '../../helpers/render';
import { findNotice } from '../../helpers/notice';
import { NoticeRegion } from '../../../../src/client/components/notice';
import { signedIn } from '../../helpers/session';
import { listOf, reportItem, reportsCalls } from './fixtures';

/** A server holding live and deleted reports, which the delete calls move between. */
function reportsServer(live: ReportListItem[], deleted: ReportListItem[] = [], refuse?: string) {
  const state = { live: [...live], deleted: [...deleted] };
  const deletes: RequestOf<typeof reportDelete>[] = [];
  const calls = reportsCalls((query) => listOf(query.deleted === 'yes' ? state.deleted : state.live));
  server.use(
    calls.handler,
    answer(reportDelete, ({ body }) => {
      deletes.push(body);
      if (refuse) return fail(400, refuse);
      const take = (from: ReportListItem[]) =>
        from.splice(
          from.findIndex((r) => r.report_id === body.report_id),
          1,
        )[0];
      if (body.delete_mode === 'delete') state.deleted.push(take(state.live));
      if (body.delete_mode === 'undelete') state.live.push(take(state.deleted));
      if (body.delete_mode === 'perma-delete') take(state.deleted);
      return { success: true as const };
    }),
  );
  return { state, deletes, queries: calls.queries };
}

const A = () => reportItem({ report_id: 1, name: '1 Acacia Avenue, LS1 4AB' });
const B = () => reportItem({ report_id: 2, name: '2 Birch Road, LS2 7CD', status: 'Generating' });

/** A page with the shell's notice region beside it, where confirmations show. */
const withNotices = (page: ReactElement) => (
  <>
    {page}
    <NoticeRegion />
  </>
);

afterEach(() => jest.restoreAllMocks());

describe('report actions', () => {
  it('opens a Ready! report at the address the server gives, in a new tab', async () => {
    reportsServer([A()]);
    const asked: RequestOf<typeof reportUrl>[] = [];
    server.use(
      answer(reportUrl, ({ body }) => {
        asked.push(body);
        return { success: true as const, report_url: 'https://files.example/r/1.pdf?sig=abc' };
      }),
    );
    const tab = { opener: window as unknown, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderWithProviders(withNotices(<ReportListPage />), { route: '/reports', preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: /^Ready!/ }));
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/r/1.pdf?sig=abc'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(asked).toEqual([{ report_id: 1, mode: 'preliminary' }]);
  });

  it('says beside Ready! why the report could not be opened, and closes the tab it opened', async () => {
    reportsServer([A()]);
    server.use(answer(reportUrl, () => fail(404, 'Report not found')));
    const tab = { opener: window as unknown, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderWithProviders(withNotices(<ReportListPage />), { route: '/reports', preloadedState: signedIn() });

    await user.click(await screen.findByRole('button', { name: /^Ready!/ }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Report not found');
    expect(failure.closest('td')).toContainElement(screen.getByRole('button', { name: /^Ready!/ }));
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('makes Ready! a button that says it opens the report, pressed from the keyboard too', async () => {
    reportsServer([A()]);
    server.use(answer(reportUrl, () => ({ success: true as const, report_url: 'https://files.example/r/1.pdf?sig=abc' })));
    const tab = { opener: window as unknown, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderWithProviders(withNotices(<ReportListPage />), { route: '/reports', preloadedState: signedIn() });

    const ready = await screen.findByRole('button', { name: 'Ready! Open the report for 1 Acacia Avenue, LS1 4AB' });
    expect(ready.tagName).toBe('BUTTON');
    expect(ready).toHaveTextContent(/^Ready!Open ↗$/);
    ready.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/r/1.pdf?sig=abc'));
  });

  it('deletes a report after confirmation, and the list refetches without it', async () => {
    const { deletes, queries } = reportsServer([A(), B()]);
    const { user } = renderWithProviders(withNotices(<ReportListPage />), { route: '/reports', preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Delete the report for 1 Acacia Avenue, LS1 4AB' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete report' });
    expect(dialog).toHaveTextContent('Delete the report for 1 Acacia Avenue, LS1 4AB?');
    expect(dialog).toHaveTextContent('The link you shared with the owner stops working: they can no longer open the report.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete the report for 1 Acacia Avenue, LS1 4AB' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('1 Acacia Avenue, LS1 4AB')).not.toBeInTheDocument());
    expect(deletes).toEqual([{ report_id: 1, delete_mode: 'delete' }]);
    expect(queries).toHaveLength(2);
    expect(screen.getByText('2 Birch Road, LS2 7CD')).toBeInTheDocument();
    await findNotice('Report deleted');
  });

  it("says the server's refusal in the report's row, such as for a pending report", async () => {
    reportsServer([A()], [], 'Pending reports can not be deleted');
    const { user } = renderWithProviders(withNotices(<ReportListPage />), { route: '/reports', preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: /^Delete the report/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Pending reports can not be deleted');
    expect(refusal.closest('tr')).toHaveTextContent('1 Acacia Avenue, LS1 4AB');
    expect(screen.queryByText('Report deleted')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('1 Acacia Avenue, LS1 4AB')).toBeInTheDocument();
  });

  it('offers no delete for a report that is not deleteable', async () => {
    reportsServer([reportItem({ deleteable: false })]);
    renderWithProviders(withNotices(<ReportListPage />), { route: '/reports', preloadedState: signedIn() });
    await screen.findByRole('button', { name: /^Ready!/ });
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('undeletes from Deleted Reports at once, and deletes permanently after confirmation', async () => {
    const { deletes, state } = reportsServer([], [A(), B()]);
    const { user } = renderWithProviders(withNotices(<DeletedReportsPage />), { route: '/deleted', preloadedState: signedIn() });
    expect(screen.getByRole('heading', { name: 'Deleted Reports' })).toBeInTheDocument();
    expect(screen.getByText(/erased after 30 days/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Undelete the report for 1 Acacia Avenue, LS1 4AB' }));
    await waitFor(() => expect(screen.queryByText('1 Acacia Avenue, LS1 4AB')).not.toBeInTheDocument());
    expect(state.live.map((r) => r.report_id)).toEqual([1]);
    await findNotice('Report restored');

    await user.click(screen.getByRole('button', { name: 'Delete the report for 2 Birch Road, LS2 7CD permanently' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete report permanently' });
    expect(dialog).toHaveTextContent("The owner's link will never work again. This cannot be undone.");
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText(/There are no deleted reports/)).toBeInTheDocument();
    await findNotice('Report permanently deleted');
    expect(deletes).toEqual([
      { report_id: 1, delete_mode: 'undelete' },
      { report_id: 2, delete_mode: 'perma-delete' },
    ]);
  });

  it('asks for the deleted list with deleted=yes', async () => {
    const { queries } = reportsServer([], [A()]);
    renderWithProviders(withNotices(<DeletedReportsPage />), { route: '/deleted', preloadedState: signedIn() });
    await screen.findByText('1 Acacia Avenue, LS1 4AB');
    expect(queries).toEqual([{ mode: 'preliminary', deleted: 'yes' }]);
  });
});

describe('live list', () => {
  it('refetches when the server pushes reportListUpdate, so a report turning Ready! shows without a reload', async () => {
    const report = reportItem({ report_id: 9, name: '9 Elm Street, LS9 1AA', status: 'Generating' });
    const { state } = reportsServer([report]);
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
    renderWithProviders(withNotices(<ReportListPage />), { route: '/reports', preloadedState: signedIn(), socket });
    expect(await screen.findByText('Generating')).toBeInTheDocument();

    state.live[0] = { ...report, status: 'Ready!' };
    act(() => push('reportListUpdate', { report_id: 9 }));
    expect(await screen.findByRole('button', { name: 'Ready! Open the report for 9 Elm Street, LS9 1AA' })).toBeInTheDocument();
  });
});
