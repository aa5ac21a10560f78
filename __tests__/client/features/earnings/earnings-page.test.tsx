import { act, screen, waitFor, within } from '@testing-library/react';
import EarningsPage from '../../../../src/client/features/earnings/earnings-page';
import { londonDateTime, monthName, monthsEndingWith } from '../../../../src/shared/rules/london-month';
import { server } from '../../helpers/msw';
import { renderWithProviders } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { fakeSocket } from '../settings/settings-server';
import { earningsOf, earningsServer, FOUR_MONTHS_AGO, LAST_MONTH, LAST_YEAR, nothingEarned, THIS_MONTH, timeIn } from './earnings-server';

function openEarnings(served = earningsServer(), socket = fakeSocket()) {
  server.use(served.handler);
  const rendered = renderWithProviders(<EarningsPage />, { route: '/earnings', preloadedState: signedIn(), socket: socket.factory });
  return { ...rendered, served, socket };
}

/** The figure shown under a label of the summary. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const monthSection = (month: string) => screen.getByRole('region', { name: monthName(month) });

describe('My Earnings', () => {
  it('shows lifetime earnings, the reports that earned them, and the owner price and referral fee in force', async () => {
    openEarnings();
    await screen.findByRole('heading', { name: 'Month by month' });
    expect(figure('Lifetime earnings')).toBe('£125.00');
    expect(figure('Reports that earned a fee')).toBe('5');
    expect(figure('Premium Report price for owners')).toBe('£149');
    expect(figure('Your referral fee per Premium Report')).toBe('£25');
  });

  it('breaks them down month by month, newest first, with Paid set apart from Unpaid and every entry listed', async () => {
    openEarnings();
    await screen.findByRole('heading', { name: 'Month by month' });
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([THIS_MONTH, LAST_MONTH, FOUR_MONTHS_AGO, LAST_YEAR].map((m) => monthName(m)));

    const current = monthSection(THIS_MONTH);
    const paid = monthSection(LAST_MONTH);
    expect(within(current).getByText('£25.00', { selector: '.earnings-month-total' })).toBeInTheDocument();
    expect(within(paid).getByText('£50.00', { selector: '.earnings-month-total' })).toBeInTheDocument();
    const unpaidBadge = within(current).getByText('Unpaid');
    const paidBadge = within(paid).getByText('Paid');
    expect(paidBadge.className).not.toBe(unpaidBadge.className);

    const rows = within(within(current).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        `${londonDateTime(timeIn(LAST_MONTH, 20) * 1000)} (carried from ${monthName(LAST_MONTH)})`,
        '7 Refund Road, AB1 2CD',
        'RRN-0001',
        '-£25.00 (refunded)',
      ],
      [londonDateTime(timeIn(THIS_MONTH, 0) * 1000), '=SUM(A1), "The Gables"', 'RRN-0002', '£25.00'],
      [londonDateTime(timeIn(THIS_MONTH, 1) * 1000), '3 Mill Lane, AB1 2CD', 'RRN-0003', '£25.00'],
    ]);
  });

  it('charts the last 12 months, with the same figures in a table for screen readers', async () => {
    openEarnings();
    const table = await screen.findByRole('table', { name: 'Earnings in the last 12 months' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [
        within(r).getByRole('rowheader').textContent,
        ...within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ]);
    const months = monthsEndingWith(THIS_MONTH, 12);
    expect(rows.map((r) => r[0])).toEqual(months.map((m) => monthName(m)));
    const byMonth = Object.fromEntries(rows.map(([name, ...rest]) => [name, rest]));
    expect(byMonth[monthName(THIS_MONTH)]).toEqual(['£25.00', 'Unpaid']);
    expect(byMonth[monthName(LAST_MONTH)]).toEqual(['£50.00', 'Paid']);
    expect(byMonth[monthName(FOUR_MONTHS_AGO)]).toEqual(['£25.00', 'Paid']);
    expect(byMonth[monthName(months[0])]).toEqual(['£0.00', 'Nothing earned']);
    expect(rows.map((r) => r[0])).not.toContain(monthName(LAST_YEAR));

    // The drawing: a bar for each month with earnings, labelled with its amount, and every month named.
    const chart = document.querySelector('.earnings-chart svg')!;
    expect(chart.querySelectorAll('rect.earnings-bar')).toHaveLength(3);
    expect(chart.querySelectorAll('rect.earnings-bar-paid')).toHaveLength(2);
    expect([...chart.querySelectorAll('.earnings-chart-amount')].map((t) => t.textContent)).toEqual(['£25', '£50', '£25']);
    expect(chart.querySelectorAll('.earnings-chart-month')).toHaveLength(12);
  });

  it('downloads every entry as a CSV made from what the page shows, quoted so a spreadsheet keeps addresses as text', async () => {
    const files: { name: string; blob: Blob }[] = [];
    // jsdom has no object URLs: these keep the file the page hands to the browser.
    const blobs = new Map<string, Blob>();
    const jsdomUrl = (['createObjectURL', 'revokeObjectURL'] as const).map(
      (name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const,
    );
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:earnings-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => undefined;
    const keep = (event: MouseEvent) => {
      const link = event.target as HTMLAnchorElement;
      if (!link.download) return;
      event.preventDefault();
      files.push({ name: link.download, blob: blobs.get(link.href)! });
    };
    document.addEventListener('click', keep);
    try {
      const { user } = openEarnings();
      await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
      expect(files).toHaveLength(1);
      expect(files[0].name).toMatch(/^my-earnings-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(files[0].blob.type).toBe('text/csv;charset=utf-8');
      const text = await files[0].blob.text();
      const lines = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('"month","date (UK time)","address","assessor_ref","amount_gbp","payment_status","carried_from"');
      expect(lines).toHaveLength(1 + 7 + 1);
      expect(lines[1]).toBe(
        `"${LAST_YEAR}","${londonDateTime(timeIn(LAST_YEAR, 3) * 1000)}","1 High Street, AB1 2CD","RRN-0001","25","Paid",""`,
      );
      expect(lines).toContain(
        `"${THIS_MONTH}","${londonDateTime(timeIn(LAST_MONTH, 20) * 1000)}","7 Refund Road, AB1 2CD","RRN-0001","-25","Unpaid","${LAST_MONTH}"`,
      );
      expect(lines).toContain(
        `"${THIS_MONTH}","${londonDateTime(timeIn(THIS_MONTH, 0) * 1000)}","'=SUM(A1), ""The Gables""","RRN-0002","25","Unpaid",""`,
      );
      expect(lines.at(-1)).toBe('');
    } finally {
      document.removeEventListener('click', keep);
      for (const [name, original] of jsdomUrl) {
        if (original) Object.defineProperty(URL, name, original);
        else Reflect.deleteProperty(URL, name);
      }
    }
  });

  it('tells an assessor who has not earned yet how earning works, with the referral fee in force', async () => {
    openEarnings(earningsServer(nothingEarned({ current_upgrade_referral_pence: 3000 })));
    const empty = await screen.findByRole('region', { name: 'You have not earned a referral fee yet' });
    expect(empty).toHaveTextContent('When an owner buys the Premium Report through your link (£149), you earn a referral fee of £30.');
    expect(within(empty).getByRole('link', { name: 'Create a report to share' })).toHaveAttribute('href', '/uploadXml');
    expect(figure('Lifetime earnings')).toBe('£0.00');
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says plainly when no referral fee is on offer', async () => {
    openEarnings(earningsServer(nothingEarned({ current_upgrade_referral_pence: 0 })));
    expect(await screen.findByRole('region', { name: 'You have not earned a referral fee yet' })).toHaveTextContent(
      'Referral fees are not on offer just now.',
    );
  });

  it('reloads when a newCommissionPayment push says an owner has paid', async () => {
    const served = earningsServer(nothingEarned());
    const { socket } = openEarnings(served);
    await screen.findByRole('region', { name: 'You have not earned a referral fee yet' });
    await waitFor(() => expect(socket.connected()).toBe(true));

    served.state.earnings = {
      ...nothingEarned(),
      lifetime_earnings_pence: 2500,
      lifetime_reports: 1,
      monthly_breakdown: [
        { month: THIS_MONTH, total_pence: 2500, payment_status: 'Unpaid', entries: earningsOf().monthly_breakdown[0].entries.slice(1, 2) },
      ],
    };
    act(() => socket.push('newCommissionPayment', {}));
    expect(await screen.findByRole('region', { name: monthName(THIS_MONTH) })).toHaveTextContent('=SUM(A1), "The Gables"');
    expect(figure('Lifetime earnings')).toBe('£25.00');
    expect(served.state.loads).toBe(2);
  });

  it('says so when the earnings cannot be loaded, and tries again on request', async () => {
    const served = earningsServer('down');
    const { user } = openEarnings(served);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your earnings.');
    served.state.earnings = earningsOf();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Month by month' })).toBeInTheDocument();
  });
});
