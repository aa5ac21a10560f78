import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AfterSessionCheck, RequireSession, SESSION_REQUIRED } from '../features/session/route-guards';
import { lazyPage } from './lazy-page';
import { SharedLinkHandoff } from './shared-link-handoff';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import LoginPage from '../features/auth/login-page';

/*
 * Every page is its own chunk, loaded on first visit. This module, and what it imports eagerly,
 * is all a public page (login, sign-up, a shared report link) needs besides its own chunk: the
 * shell, the logged-in pages, socket.io and Stripe load only behind the lazy imports below.
 * Each chunk name is written twice (webpack only reads the comment inside import()); a test
 * checks that the two agree.
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
const ShellLayout = lazyPage('shell', () => import(/* webpackChunkName: "shell" */ '../features/shell/shell-layout'));
const GettingStartedPage = lazyPage(
  'getting-started',
  () => import(/* webpackChunkName: "getting-started" */ '../features/getting-started/getting-started-page'),
);
const HelpPage = lazyPage('help', () => import(/* webpackChunkName: "help" */ '../features/help/help-page'));
const AboutPage = lazyPage('about', () => import(/* webpackChunkName: "about" */ '../features/about/about-page'));
const AccountPage = lazyPage('account', () => import(/* webpackChunkName: "account" */ '../features/account/account-page'));
const CreateReportPage = lazyPage(
  'create-report',
  () => import(/* webpackChunkName: "create-report" */ '../features/create-report/create-report-page'),
);
const ReportListPage = lazyPage('report-list', () => import(/* webpackChunkName: "report-list" */ '../features/reports/report-list-page'));
const SettingsPage = lazyPage('settings', () => import(/* webpackChunkName: "settings" */ '../features/settings/settings-page'));
const BrandingPage = lazyPage('branding', () => import(/* webpackChunkName: "branding" */ '../features/settings/branding-page'));
const EarningsPage = lazyPage('earnings', () => import(/* webpackChunkName: "earnings" */ '../features/earnings/earnings-page'));
const DeletedReportsPage = lazyPage(
  'deleted-reports',
  () => import(/* webpackChunkName: "deleted-reports" */ '../features/reports/deleted-reports-page'),
);
const PendingPage = lazyPage('pending', () => import(/* webpackChunkName: "pending" */ '../features/premium/pending-page'));
const FinalisePage = lazyPage(
  'finalise-premium',
  () => import(/* webpackChunkName: "finalise-premium" */ '../features/premium/finalise-page'),
);
const PremiumReportsPage = lazyPage(
  'premium-reports',
  () => import(/* webpackChunkName: "premium-reports" */ '../features/premium/premium-reports-page'),
);
const PortfolioListPage = lazyPage(
  'portfolio-list',
  () => import(/* webpackChunkName: "portfolio-list" */ '../features/portfolios/portfolio-list-page'),
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

const shellPages: RouteObject[] = [
  { path: '/home', element: <GettingStartedPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/help', element: <HelpPage /> },
  { path: '/account', element: <AccountPage /> },
  { path: '/uploadXml/:presetReportType?', element: <CreateReportPage /> },
  { path: '/reports', element: <ReportListPage /> },
  { path: '/deleted', element: <DeletedReportsPage /> },
  { path: '/pending', element: <PendingPage /> },
  { path: '/pending/:pendingReportId', element: <FinalisePage /> },
  { path: '/premium', element: <PremiumReportsPage /> },
  { path: '/earnings', element: <EarningsPage /> },
  { path: '/portfolios', element: <PortfolioListPage /> },
  { path: '/portfolios/new', element: <CreatePortfolioPage /> },
  { path: '/portfolios/:portfolioId', element: <PortfolioPage /> },
  { path: '/settings', element: <SettingsPage /> },
  // One screen for both: without an id it creates, with one it edits (an unknown id goes to /).
  { path: '/branding/new', element: <BrandingPage /> },
  { path: '/branding/:brandingId', element: <BrandingPage /> },
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
