import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/database';

/** The referral_fees ledger: every query of it lives here. */

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
  try {
    await db
      .insertInto('referral_fees')
      .values({
        user_id: entry.userId,
        purchase_id: entry.purchaseId,
        kind: entry.kind,
        amount_pence: entry.amountPence,
        created_at: entry.at,
      })
      .execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** An assessor's referral earnings so far, reversals taken off. */
export async function referralTotal(db: Db, userId: number): Promise<number> {
  const { total } = await db
    .selectFrom('referral_fees')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_pence'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(total);
}
