import type { ReportListItem } from '../../shared/api/reports';
import type { Db } from '../platform/db/database';
import { reportListItemOf } from '../reports/list';
import { REPORT_TYPE } from '../../shared/states';
import { purchaseDetailsOf } from './purchase-details';
import { pendingReportsOf } from './repos/pending-reports';

/** Every Pending report of the user (a short queue, so not paged), with who bought it and when it is due. */
export async function pendingList(db: Db, publicUrl: string, userId: number): Promise<ReportListItem[]> {
  const rows = await pendingReportsOf(db, userId);
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => {
      const details = purchaseDetailsOf(r);
      return {
        ...reportListItemOf(r, publicUrl, REPORT_TYPE.premium),
        // Pending premium reports are being finalised: they cannot be deleted.
        deleteable: false,
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
