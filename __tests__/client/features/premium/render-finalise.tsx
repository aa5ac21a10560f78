import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import FinalisePage from '../../../../src/client/features/premium/finalise-page';
import PremiumReportsPage from '../../../../src/client/features/premium/premium-reports-page';
import { setupStore, type RootState } from '../../../../src/client/app/store';
import { renderWithProviders, silentSocket } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { listOf, reportsCalls } from '../reports/fixtures';
import { server } from '../../helpers/msw';

/** The finalise screen of a report, with the Premium list where a finalise leads. */
export function openFinalise(reportId: number | string = 7, preloadedState: Partial<RootState> = signedIn()) {
  server.use(reportsCalls(() => listOf([])).handler);
  return renderWithProviders(<FinalisePage />, {
    route: `/pending/${reportId}`,
    path: '/pending/:pendingReportId',
    preloadedState,
    otherRoutes: { '/premium': <PremiumReportsPage /> },
  });
}

/**
 * The finalise screen as a browser tab loads it: a store kept in localStorage, as the app's is,
 * so closing the tab and opening the report again reads what was kept.
 */
export async function openFinaliseInTab(reportId: number) {
  server.use(reportsCalls(() => listOf([])).handler);
  const { store, persistor } = setupStore({ preloadedState: signedIn(), socket: silentSocket });
  await waitFor(() => expect(persistor!.getState().bootstrapped).toBe(true));
  const user = userEvent.setup();
  const page = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/pending/${reportId}`]}>
        <Routes>
          <Route path="/pending/:pendingReportId" element={<FinalisePage />} />
          <Route path="/premium" element={<PremiumReportsPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  /** Closes the tab once what it holds has been written, as redux-persist writes it. */
  const close = async () => {
    await persistor!.flush();
    page.unmount();
  };
  return { store, user, close };
}
