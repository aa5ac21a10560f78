import { act, screen, waitFor, within } from '@testing-library/react';
import PendingPage from '../../../../src/client/features/premium/pending-page';
import { PRIORITY_LABELS } from '../../../../src/shared/constants';
import { pendingList } from '../../../../src/shared/api/premium';
import { answer, fail, server } from '../../helpers/msw';
import { Landing, renderApp, renderWithProviders } from '../../helpers/render';
import { displayVarsOf, shellHandlers, signedIn } from '../../helpers/session';
import { fakeSocket } from '../settings/settings-server';
import { pendingItem, pendingOf, ukDay } from './fixtures';

const dueText = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const rows = () => screen.getAllByRole('row').slice(1);

function openPending(list: () => ReturnType<typeof pendingOf> | ReturnType<typeof fail>) {
  server.use(answer(pendingList, list));
  return renderWithProviders(<PendingPage />, {
    route: '/pending',
    preloadedState: signedIn(),
    otherRoutes: { '/pending/:id': <Landing name="finalise" /> },
  });
}

describe('Pending list', () => {
  it('shows who bought each report and when, the owner’s priority in words and when it is due, soonest first', async () => {
    openPending(() =>
      pendingOf([
        pendingItem({ report_id: 1, name: '1 Later Lane, LS1 1AA' }, { due_date: ukDay(3), priority: 'improveEIR' }),
        pendingItem(
          { report_id: 2, name: '2 Credit Close, LS2 2BB' },
          { bought_by: 'assessor', buyer_email: '', priority: null, due_date: ukDay(1) },
        ),
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pending' })).toBeInTheDocument();
    await screen.findByText('1 Later Lane, LS1 1AA');
    expect(rows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['2 Credit Close, LS2 2BB', '1 Later Lane, LS1 1AA']);

    const owners = within(rows()[1]);
    expect(owners.getByText('owner@example.com')).toBeInTheDocument();
    expect(owners.getByText('24 Nov 2026, 09:30')).toBeInTheDocument();
    expect(owners.getByText(PRIORITY_LABELS.improveEIR)).toBeInTheDocument();
    expect(owners.getByText(`Due ${dueText(ukDay(3))}`)).toBeInTheDocument();
    expect(owners.queryByText('Overdue')).not.toBeInTheDocument();

    const mine = within(rows()[0]);
    expect(mine.getByText('You')).toBeInTheDocument();
    expect(mine.getByText('None given')).toBeInTheDocument();
  });

  it('marks a report overdue in words and in red once its due day has passed, not on the day itself', async () => {
    openPending(() =>
      pendingOf([
        pendingItem({ report_id: 1, name: '1 Late Lane, LS1 1AA' }, { due_date: ukDay(-2) }),
        pendingItem({ report_id: 2, name: '2 Today Terrace, LS2 2BB' }, { due_date: ukDay(0) }),
      ]),
    );
    await screen.findByText('1 Late Lane, LS1 1AA');
    const late = within(rows()[0]).getByText('Overdue').closest('td');
    expect(late).toHaveClass('pending-overdue');
    expect(late).toHaveTextContent(`Overdue: due ${dueText(ukDay(-2))}`);
    const today = within(rows()[1]).getByText(`Due ${dueText(ukDay(0))}`);
    expect(today).not.toHaveClass('pending-overdue');
    expect(within(rows()[1]).queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('opens a report’s finalise screen from its row', async () => {
    const { user } = openPending(() => pendingOf([pendingItem({ report_id: 42, name: '42 Oak Road, LS4 2CC' })]));
    await user.click(await screen.findByRole('link', { name: '42 Oak Road, LS4 2CC' }));
    expect(await screen.findByRole('heading', { name: 'landed on finalise' })).toBeInTheDocument();
  });

  it('says when nothing is waiting', async () => {
    openPending(() => pendingOf([]));
    expect(await screen.findByText(/No Premium reports are waiting for you/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the list could not be loaded and tries again', async () => {
    let calls = 0;
    const { user } = openPending(() => (++calls === 1 ? fail(500, 'Down') : pendingOf([pendingItem({ name: '9 Ash Row, LS9 9ZZ' })])));
    expect(await screen.findByText(/We could not load your pending reports/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('9 Ash Row, LS9 9ZZ')).toBeInTheDocument();
  });

  it('refreshes the list and the menu’s red badge when a pendingUpdate arrives', async () => {
    const socket = fakeSocket();
    const shell = { vars: displayVarsOf({ prc: 1 }) };
    const state = { reports: [pendingItem({ report_id: 1, name: '1 First Street, LS1 1AA' })] };
    server.use(
      ...shellHandlers(shell).handlers,
      answer(pendingList, () => pendingOf(state.reports)),
    );
    renderApp({ route: '/pending', preloadedState: signedIn(), socket: socket.factory });
    await screen.findByText('1 First Street, LS1 1AA');
    expect(await screen.findByRole('link', { name: 'Pending 1' })).toBeInTheDocument();

    // Bought by an owner in another tab, or on their own link: the server pushes to every tab.
    state.reports = [...state.reports, pendingItem({ report_id: 2, name: '2 Second Street, LS2 2BB' })];
    shell.vars = displayVarsOf({ prc: 2 });
    await waitFor(() => expect(socket.connected()).toBe(true));
    act(() => socket.push('pendingUpdate', {}));
    expect(await screen.findByText('2 Second Street, LS2 2BB')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Pending 2' })).toBeInTheDocument();
  });
});
