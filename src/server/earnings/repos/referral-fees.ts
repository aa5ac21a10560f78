import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/database';

/**
 * The referral_fees ledger: every query of it lives here. It is the one record of what assessors
 * earn (My Earnings and the operator's payouts read it); rows are added, settled by a payout, and
 * never deleted.
 */

/** One entry as My Earnings and the payout read it. */
export interface LedgerEntry {
  id: number;
  user_id: number;
  kind: 'fee' | 'reversal';
  amount_pence: number;
  created_at: number;
  address: string;
  assessor_ref: string;
  payout_id: number | null;
}

const ENTRY_COLUMNS = ['id', 'user_id', 'kind', 'amount_pence', 'created_at', 'address', 'assessor_ref', 'payout_id'] as const;

/**
 * Records the fee, or its reversal, once per purchase: a second attempt finds the unique
 * (purchase, kind) pair taken and changes nothing. Answers whether this call recorded it.
 */
export async function recordReferralEntry(
  db: Db,
  entry: { userId: number; purchaseId: number; kind: 'fee' | 'reversal'; amountPence: number; at: number },
): Promise<boolean> {
  const existing = await db
    .selectFrom('referral_fees')
    .select('id')
    .where('purchase_id', '=', entry.purchaseId)
    .where('kind', '=', entry.kind)
    .executeTakeFirst();
  if (existing) return false;
  // The entry keeps the report's address and ref itself: it outlives the report and the purchase.
  // A reversal after the report was erased takes them from the fee it reverses.
  const earnedOn =
    (await db
      .selectFrom('purchases')
      .innerJoin('reports', 'reports.id', 'purchases.report_id')
      .select(['reports.name', 'reports.assessor_ref'])
      .where('purchases.id', '=', entry.purchaseId)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('referral_fees')
      .select(['address as name', 'assessor_ref'])
      .where('purchase_id', '=', entry.purchaseId)
      .where('kind', '=', 'fee')
      .executeTakeFirst());
  try {
    await db
      .insertInto('referral_fees')
      .values({
        user_id: entry.userId,
        purchase_id: entry.purchaseId,
        kind: entry.kind,
        amount_pence: entry.amountPence,
        created_at: entry.at,
        address: earnedOn?.name ?? '',
        assessor_ref: earnedOn?.assessor_ref ?? '',
      })
      .execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Everything an assessor has earned and had reversed, oldest first. */
export function ledgerOf(db: Db, userId: number): Promise<LedgerEntry[]> {
  return db.selectFrom('referral_fees').select(ENTRY_COLUMNS).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** Entries no payout has settled yet, made before `before` (of one assessor, or of all). */
export function unsettledBefore(db: Db, before: number, userId?: number): Promise<LedgerEntry[]> {
  return db
    .selectFrom('referral_fees')
    .select(ENTRY_COLUMNS)
    .where('payout_id', 'is', null)
    .where('created_at', '<', before)
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
    .orderBy('user_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Marks these entries settled by a payout, only those still unsettled; answers how many it marked,
 * so a payout that finds some already taken (a second run at the same moment) can give up.
 */
export async function settleEntries(db: Db, ids: number[], payoutId: number): Promise<number> {
  if (!ids.length) return 0;
  const result = await db
    .updateTable('referral_fees')
    .set({ payout_id: payoutId })
    .where('id', 'in', ids)
    .where('payout_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
