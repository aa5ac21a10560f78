/** Push events from the server to one user's sockets; the names are written only here. */
export const PUSH_EVENTS = {
  reportListUpdate: 'reportListUpdate',
  pendingUpdate: 'pendingUpdate',
  settingsUpdate: 'settingsUpdate',
  premiumReportPaymentComplete: 'premiumReportPaymentComplete',
  newCommissionPayment: 'newCommissionPayment',
  portfolioUpdate: 'portfolioUpdate',
} as const;
export type PushEvent = keyof typeof PUSH_EVENTS;

export interface PushPayloads {
  reportListUpdate: { report_id?: number };
  pendingUpdate: Record<string, never>;
  settingsUpdate: { what: 'brandings' | 'usersettings' | 'account' };
  premiumReportPaymentComplete: { report_id: number };
  newCommissionPayment: Record<string, never>;
  /** A portfolio, its homes or a home's figures changed. */
  portfolioUpdate: { portfolio_id?: number };
}
