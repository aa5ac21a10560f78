import FinalisePage from '../../../src/client/features/premium/finalise-page';
import PremiumReportsPage from '../../../src/client/features/premium/premium-reports-page';
import { renderWithProviders } from '../helpers/render';
import { signedIn } from '../helpers/session';
import { listOf, reportsCalls } from '../reports/fixtures';
import { server } from '../helpers/msw';

/** The finalise screen of a report, with the Premium list where a finalise leads. */
export function openFinalise(reportId: number | string = 7) {
  server.use(reportsCalls(() => listOf([])).handler);
  return renderWithProviders(<FinalisePage />, {
    route: `/pending/${reportId}`,
    path: '/pending/:pendingReportId',
    preloadedState: signedIn(),
    otherRoutes: { '/premium': <PremiumReportsPage /> },
  });
}
