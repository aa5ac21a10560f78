import type { Db } from '../platform/db/database';
import { findReport } from '../reports/repos/reports';
import { premiumReportWithPurchase } from '../premium/repos/pending-reports';
import { purchaseDetailsOf } from '../premium/purchase-details';
import { reportPathOf } from '../../shared/links';
import { REPORT_STATUS } from '../../shared/states';

/** What the owner's link says of the Premium bought on it: when it is due, and its own link once it is there to open. */
export interface BoughtPremium {
  ready_by: string;
  premium_path?: string;
}

/**
 * The Premium report an owner's paid purchase on a Preliminary report's link made (null while it
 * is being made; a refunded payment bought nothing). Read here rather than from the purchase alone, so the due date is the one the
 * assessor's Pending list shows (purchase-details.ts) and the link appears only when the
 * finalised PDF is drawn, as the Premium link itself requires (routes.ts sharedPremiumReport).
 */
export async function boughtPremiumOf(db: Db, premiumId: number | null): Promise<BoughtPremium | null> {
  if (premiumId === null) return null;
  const premium = await premiumReportWithPurchase(db, premiumId);
  if (!premium) return null;
  const report = await findReport(db, premium.id);
  const opens = report && report.deleted_at === null && report.status === REPORT_STATUS.ready && report.pdf_key;
  return { ready_by: purchaseDetailsOf(premium).dueDate, ...(opens ? { premium_path: reportPathOf(report) } : {}) };
}
