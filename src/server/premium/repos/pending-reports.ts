import type { Db } from '../../platform/db/database';
import type { Buyer } from '../../../shared/states';
import { REPORT_STATUS, REPORT_TYPE } from '../../../shared/states';

/** A Premium report with the purchase that made it: who bought it, when, and what the owner wants. */
export interface PremiumWithPurchase {
  id: number;
  user_id: number;
  slug: string;
  name: string;
  status: (typeof REPORT_STATUS)[keyof typeof REPORT_STATUS];
  created_at: number;
  current_epc: number;
  current_epc_band: string;
  assessor_ref: string;
  assessor_id: string;
  premium_report_purchased: number;
  opened_count: number;
  survey: string;
  measures: string;
  deleted_at: number | null;
  buyer: Buyer | null;
  email: string | null;
  priority: string | null;
  paid_at: number | null;
  purchase_created_at: number | null;
}

function withPurchase(db: Db) {
  return db
    .selectFrom('reports')
    .leftJoin('purchases', 'purchases.premium_report_id', 'reports.id')
    .select([
      'reports.id',
      'reports.user_id',
      'reports.slug',
      'reports.name',
      'reports.status',
      'reports.created_at',
      'reports.current_epc',
      'reports.current_epc_band',
      'reports.assessor_ref',
      'reports.assessor_id',
      'reports.premium_report_purchased',
      'reports.opened_count',
      'reports.survey',
      'reports.measures',
      'reports.deleted_at',
      'purchases.buyer',
      'purchases.email',
      'purchases.priority',
      'purchases.paid_at',
      'purchases.created_at as purchase_created_at',
    ])
    .where('reports.type', '=', REPORT_TYPE.premium);
}

/** The user's Pending Premium reports, the longest waiting first: the list is the assessor's queue of work. */
export function pendingReportsOf(db: Db, userId: number): Promise<PremiumWithPurchase[]> {
  return withPurchase(db)
    .where('reports.user_id', '=', userId)
    .where('reports.status', '=', REPORT_STATUS.pending)
    .where('reports.deleted_at', 'is', null)
    .orderBy('reports.created_at')
    .orderBy('reports.id')
    .execute();
}

/** The user's own Premium report with its purchase; another user's id reads as missing. */
export function usersPremiumReport(db: Db, userId: number, reportId: number): Promise<PremiumWithPurchase | undefined> {
  return withPurchase(db).where('reports.user_id', '=', userId).where('reports.id', '=', reportId).executeTakeFirst();
}

/** A Premium report with its purchase, whoever's it is (the render job). */
export function premiumReportWithPurchase(db: Db, reportId: number): Promise<PremiumWithPurchase | undefined> {
  return withPurchase(db).where('reports.id', '=', reportId).executeTakeFirst();
}
