import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { AfterSessionCheck, isSessionRequired, RequireSession, SESSION_REQUIRED } from '../features/session/route-guards';
import { checkSessionAtStart } from '../features/session/check-session';
import { lazyPage, type PreparePage } from './lazy-page';
import type { AppDispatch } from '../lib/hooks';
// The calls each logged-in page shows first, zod-free and in the entry: a page load starts them
// beside the page's chunk rather than after it (startPageLoad, below).
import { prefetchShell } from '../features/shell/page-queries';
import { prefetchGettingStarted } from '../features/getting-started/api';
import { prefetchReportList } from '../features/reports/page-queries';
import { prefetchPendingReports } from '../features/premium/page-queries';
import { prefetchEarnings } from '../features/earnings/api';
import { prefetchPortfolioList } from '../features/portfolios/page-queries';
import { SharedLinkHandoff } from './shared-link-handoff';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import LoginPage from '../features/auth/login-page';

/*
 * Every page is its own chunk, loaded on first visit or ahead of it (prepareRoute, below). This
 * module, and what it imports eagerly, is all a public page (login, sign-up, a shared report
 * link) needs besides its own chunk: the shell, the logged-in pages, socket.io and Stripe load
 * only behind the lazy imports below. Each chunk name is written twice (webpack only reads the
 * comment inside import()); a test checks that the two agree.
 */

// Public pages. The login page, the first most visitors see, is in the entry itself: it paints with
// the entry's scripts, without waiting for a chunk of its own to be asked for and arrive.
const SignupPage = lazyPage('signup', () => import(/* webpackChunkName: "signup" */ '../features/auth/signup-page'));
const ConfirmPage = lazyPage('confirm', () => import(/* webpackChunkName: "confirm" */ '../features/auth/confirm-page'));
const ConfirmCodePage = lazyPage('confirm-code', () => import(/* webpackChunkName: "confirm-code" */ '../features/auth/confirm-code-page'));
const ForgotPasswordPage = lazyPage(
  'forgot-password',
  () => import(/* webpackChunkName: "forgot-password" */ '../features/auth/forgot-password-page'),
);
const ForgotPasswordDonePage = lazyPage(
  'forgot-password-done',
  () => import(/* webpackChunkName: "forgot-password-done" */ '../features/auth/forgot-password-done-page'),
);
const ResetPasswordPage = lazyPage(
  'reset-password',
  () => import(/* webpackChunkName: "reset-password" */ '../features/auth/reset-password-page'),
);
const ResetPasswordDonePage = lazyPage(
  'reset-password-done',
  () => import(/* webpackChunkName: "reset-password-done" */ '../features/auth/reset-password-done-page'),
);

// The logged-in app
const ShellLayout = lazyPage('shell', () => import(/* webpackChunkName: "shell" */ '../features/shell/shell-layout'), prefetchShell);
const GettingStartedPage = lazyPage(
  'getting-started',
  () => import(/* webpackChunkName: "getting-started" */ '../features/getting-started/getting-started-page'),
  prefetchGettingStarted,
);
const HelpPage = lazyPage('help', () => import(/* webpackChunkName: "help" */ '../features/help/help-page'));
const AboutPage = lazyPage('about', () => import(/* webpackChunkName: "about" */ '../features/about/about-page'));
const AccountPage = lazyPage('account', () => import(/* webpackChunkName: "account" */ '../features/account/account-page'));
const CreateReportPage = lazyPage(
  'create-report',
  () => import(/* webpackChunkName: "create-report" */ '../features/create-report/create-report-page'),
);
const ReportListPage = lazyPage(
  'report-list',
  () => import(/* webpackChunkName: "report-list" */ '../features/reports/report-list-page'),
  prefetchReportList('preliminary'),
);
const SettingsPage = lazyPage('settings', () => import(/* webpackChunkName: "settings" */ '../features/settings/settings-page'));
const BrandingPage = lazyPage('branding', () => import(/* webpackChunkName: "branding" */ '../features/settings/branding-page'));
const EarningsPage = lazyPage(
  'earnings',
  () => import(/* webpackChunkName: "earnings" */ '../features/earnings/earnings-page'),
  prefetchEarnings,
);
const DeletedReportsPage = lazyPage(
  'deleted-reports',
  () => import(/* webpackChunkName: "deleted-reports" */ '../features/reports/deleted-reports-page'),
  prefetchReportList('preliminary', true),
);
const PendingPage = lazyPage(
  'pending',
  () => import(/* webpackChunkName: "pending" */ '../features/premium/pending-page'),
  prefetchPendingReports,
);
const FinalisePage = lazyPage(
  'finalise-premium',
  () => import(/* webpackChunkName: "finalise-premium" */ '../features/premium/finalise-page'),
);
const PremiumReportsPage = lazyPage(
  'premium-reports',
  () => import(/* webpackChunkName: "premium-reports" */ '../features/premium/premium-reports-page'),
  prefetchReportList('premium'),
);
const PortfolioListPage = lazyPage(
  'portfolio-list',
  () => import(/* webpackChunkName: "portfolio-list" */ '../features/portfolios/portfolio-list-page'),
  prefetchPortfolioList,
);
const CreatePortfolioPage = lazyPage(
  'create-portfolio',
  () => import(/* webpackChunkName: "create-portfolio" */ '../features/portfolios/create-portfolio-page'),
);
const PortfolioPage = lazyPage('portfolio', () => import(/* webpackChunkName: "portfolio" */ '../features/portfolios/portfolio-page'));

const publicRoutes: RouteObject[] = [
  // The login page sends a visitor who is already logged in on to /home itself.
  { path: '/', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/confirm', element: <ConfirmPage /> },
  { path: '/confirm/:code', element: <ConfirmCodePage /> },
  { path: '/forgotpassword', element: <ForgotPasswordPage /> },
  { path: '/forgotpassworddone', element: <ForgotPasswordDonePage /> },
  { path: '/resetpassword/:username/:code', element: <ResetPasswordPage /> },
  { path: '/resetpassworddone', element: <ResetPasswordDonePage /> },
  { path: '/s/*', element: <SharedLinkHandoff /> },
];

/** What a route may be asked for ahead of its render: its page's chunk and first calls. */
interface PreparedHandle {
  prepare: PreparePage;
}
const isPrepared = (handle: unknown): handle is PreparedHandle => typeof (handle as PreparedHandle | undefined)?.prepare === 'function';

/** A logged-in page's route, which can be prepared ahead of a visit. */
const page = (path: string, Page: ReturnType<typeof lazyPage>): RouteObject => ({
  path,
  element: <Page />,
  handle: { prepare: Page.prepare },
});

const shellPages: RouteObject[] = [
  page('/home', GettingStartedPage),
  page('/about', AboutPage),
  page('/help', HelpPage),
  page('/account', AccountPage),
  page('/uploadXml/:presetReportType?', CreateReportPage),
  page('/reports', ReportListPage),
  page('/deleted', DeletedReportsPage),
  page('/pending', PendingPage),
  page('/pending/:pendingReportId', FinalisePage),
  page('/premium', PremiumReportsPage),
  page('/earnings', EarningsPage),
  page('/portfolios', PortfolioListPage),
  page('/portfolios/new', CreatePortfolioPage),
  page('/portfolios/:portfolioId', PortfolioPage),
  page('/settings', SettingsPage),
  // One screen for both: without an id it creates, with one it edits (an unknown id goes to /).
  page('/branding/new', BrandingPage),
  page('/branding/:brandingId', BrandingPage),
];

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      {
        element: <RequireSession />,
        handle: SESSION_REQUIRED,
        children: [
          // Where a login lands; what it shows is not specified beyond leading to Getting Started.
          { path: '/start', element: <Navigate to="/home" replace /> },
          {
            element: <ShellLayout />,
            handle: { prepare: ShellLayout.prepare } satisfies PreparedHandle,
            // A page that fails inside the shell keeps the menu, so the user can go elsewhere.
            children: [{ errorElement: <RouteError />, children: shellPages }],
          },
        ],
      },
      {
        path: '*',
        element: (
          <AfterSessionCheck>
            <Navigate to="/" replace />
          </AfterSessionCheck>
        ),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);

/**
 * Asks for what the page at `href` shows first: the chunks of its layout and page and their first
 * calls, all at once. The side menu asks on idle and when a link is hovered or focused; the page
 * finds them loaded or under way. Answers the routes matched, outermost first.
 */
export function prepareRoute(dispatch: AppDispatch, href: string): RouteObject[] {
  const url = new URL(href, window.location.origin);
  const routes = (matchRoutes(appRoutes, url.pathname) ?? []).map(({ route }) => route);
  for (const route of routes) if (isPrepared(route.handle)) route.handle.prepare(dispatch, url);
  return routes;
}

/**
 * What a page load asks for before the app renders, all at once: the page's chunks and first
 * calls, and on a logged-in page the session check it waits for (which its first render joins).
 */
export function startPageLoad(dispatch: AppDispatch, href: string): void {
  const routes = prepareRoute(dispatch, href);
  if (routes.some((route) => isSessionRequired(route.handle)))
    void dispatch(checkSessionAtStart(new URL(href, window.location.origin).pathname));
}
