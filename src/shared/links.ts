/**
 * The owner's link to a report, built in one place for the server's lists and emails and the
 * shared-link page router: /s/{id}/{slug}, and /s/premium/{id}/{slug} for the Premium report.
 */

/** The `{id}/{slug}` part that names a report in every shared-link address. */
export const reportPathOf = (report: { id: number; slug: string }) => `${report.id}/${report.slug}`;

export const sharedPaths = {
  landing: (reportPath: string) => `/s/${reportPath}`,
  premium: (reportPath: string) => `/s/premium/${reportPath}`,
  paynow: (reportPath: string) => `/s/${reportPath}/paynow`,
  measures: (reportPath: string) => `/s/${reportPath}/c`,
  contractors: (reportPath: string, measureCode: string, mode: 'preliminary' | 'premium') =>
    `${mode === 'premium' ? sharedPaths.premium(reportPath) : sharedPaths.landing(reportPath)}/c/${encodeURIComponent(measureCode)}`,
};

/** The landlord's link to a portfolio, /s/portfolio/{id}/{slug}, and a home's page within it. */
export const portfolioPaths = {
  summary: (portfolioPath: string) => `/s/portfolio/${portfolioPath}`,
  home: (portfolioPath: string, homeId: number) => `/s/portfolio/${portfolioPath}/home/${homeId}`,
};

export const portfolioShareUrlOf = (publicUrl: string, portfolio: { id: number; slug: string }) =>
  `${publicUrl}${portfolioPaths.summary(reportPathOf(portfolio))}`;

/** The full address an owner is sent. */
export const shareUrlOf = (publicUrl: string, report: { id: number; slug: string }) =>
  `${publicUrl}${sharedPaths.landing(reportPathOf(report))}`;

/** Where Stripe sends the owner back after the card step; served by the small shared-link page. */
/** The owner's Premium link: where the finished Premium report is, and what its owner is sent. */
export const premiumShareUrlOf = (publicUrl: string, report: { id: number; slug: string }) =>
  `${publicUrl}${sharedPaths.premium(reportPathOf(report))}`;

export const PAYMENT_COMPLETE_PATH = '/paymentComplete';

/** The assessor's page for finalising a Premium report (linked from the email sent when one is bought). */
export const pendingReportPath = (reportId: number) => `/pending/${reportId}`;

/** The published terms and privacy policy, served by the server as plain pages (no app bundle). */
export const LEGAL_PATHS = { terms: '/terms', privacy: '/privacy' } as const;

/** The meta tag the server adds to the pages' head with MARKETING_URL (the policy allows no inline script to carry it). */
export const MARKETING_URL_META = 'marketing-url';
