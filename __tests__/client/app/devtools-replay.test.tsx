import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import ReportListPage from '../../../src/client/features/reports/report-list-page';
import CreateReportPage from '../../../src/client/features/create-report/create-report-page';
import { devToolsOptions } from '../../../src/client/lib/redact';
import type { RootState } from '../../../src/client/app/store';
import { stepChosen, uploadStarted, uploadSucceeded, reportTypeChosen } from '../../../src/client/features/create-report/wizard-slice';
import { server } from '../helpers/msw';
import { renderWithProviders } from '../helpers/render';
import { signedIn } from '../helpers/session';
import { listOf, reportItem, reportsCalls } from '../features/reports/fixtures';
import { wizardServer, ADDRESSES } from '../features/create-report/wizard-server';

/** What support gets from the user: the DevTools export, after redaction, as JSON. */
const exportState = (state: RootState): Partial<RootState> =>
  JSON.parse(JSON.stringify(devToolsOptions.stateSanitizer(state))) as RootState;

const REPORTS = [
  reportItem({ report_id: 1, name: '1 Acacia Avenue, LS1 4AB' }),
  reportItem({ report_id: 2, name: '2 Birch Road, LS2 7CD', status: 'Error', current_epc_band: 'F', current_epc: 30 }),
];

/** The network is gone: whatever the replay shows comes from the exported state alone. */
function networkOff() {
  const asked: string[] = [];
  server.use(
    http.all('*', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.error();
    }),
  );
  return asked;
}

const rowNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('support replays a user state exported from Redux DevTools', () => {
  it('sees the same Report List with the network off', async () => {
    server.use(reportsCalls(() => listOf(REPORTS)).handler);
    const user = renderWithProviders(<ReportListPage />, { route: '/reports', path: '/reports', preloadedState: signedIn() });
    await screen.findByText('2 Birch Road, LS2 7CD');
    const seen = rowNames();
    const exported = exportState(user.store.getState());
    user.unmount();

    networkOff();
    renderWithProviders(<ReportListPage />, { route: '/reports', path: '/reports', preloadedState: exported });
    await screen.findByText('2 Birch Road, LS2 7CD');
    expect(rowNames()).toEqual(seen);
    expect(within(screen.getAllByRole('row')[2]).getByText('Error')).toBeInTheDocument();
  });

  it('sees the same wizard step, file and council tax choices, with the upload address and codes gone', async () => {
    wizardServer();
    const user = renderWithProviders(<CreateReportPage />, {
      route: '/uploadXml',
      path: '/uploadXml/:presetReportType?',
      preloadedState: signedIn(),
    });
    act(() => {
      user.store.dispatch(reportTypeChosen('preliminary'));
      user.store.dispatch(uploadStarted({ which: 'A', attempt: 'a1', originalName: 'survey.xml' }));
      user.store.dispatch(
        uploadSucceeded({ which: 'A', attempt: 'a1', message: 'Survey of 1 Acacia Avenue, LS1 4AB read', addresses: ADDRESSES }),
      );
      user.store.dispatch(stepChosen('cTax'));
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Council Tax' })).toBeInTheDocument();
    const exported = exportState(user.store.getState());
    user.unmount();

    const asked = networkOff();
    renderWithProviders(<CreateReportPage />, { route: '/uploadXml', path: '/uploadXml/:presetReportType?', preloadedState: exported });
    expect(await screen.findByRole('heading', { level: 2, name: 'Council Tax' })).toBeInTheDocument();
    for (const { address } of ADDRESSES) expect(screen.getByRole('button', { name: new RegExp(address) })).toBeInTheDocument();
    expect(asked.filter((url) => url.includes('/api/uploads/'))).toEqual([]);
  });
});
