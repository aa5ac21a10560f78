import type { ReportListItem } from '../../shared/api/reports';
import { reportPathOf, sharedPaths } from '../../shared/links';
import type { Db } from '../db/database';
import { purchaseDetailsOf } from './purchase-details';
import { pendingReportsOf } from './repos/pending-reports';

/** The owner's Premium link: where the finished report will be, and what its owner is sent. */
export const premiumUrlOf = (publicUrl: string, report: { id: number; slug: string }) =>
  `${publicUrl}${sharedPaths.premium(reportPathOf(report))}`;

/** Every Pending report of the user (a short queue, so not paged), with who bought it and when it is due. */
export async function pendingList(db: Db, publicUrl: string, userId: number): Promise<ReportListItem[]> {
  const rows = await pendingReportsOf(db, userId);
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => {
      const details = purchaseDetailsOf(r);
      return {
        report_id: r.id,
        name: r.name,
        status: r.status,
        created_at: Math.floor(r.created_at / 1000),
        current_epc_band: r.current_epc_band,
        current_epc: r.current_epc,
        assessor_ref: r.assessor_ref,
        assessor_id: r.assessor_id,
        premium_report_purchased: r.premium_report_purchased === 1,
        // Pending premium reports are being finalised: they cannot be deleted.
        deleteable: false,
        share_url: premiumUrlOf(publicUrl, r),
        opened_count: r.opened_count,
        pending: {
          bought_by: details.boughtBy,
          buyer_email: details.buyerEmail,
          purchased_at: Math.floor(details.purchasedAt / 1000),
          priority: details.priority,
          due_date: details.dueDate,
        },
      };
    });
}
