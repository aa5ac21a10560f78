import { type Insertable, type Selectable, type Updateable } from 'kysely';
import { isPostgres, type Db } from '../../platform/db/database';
import type { PurchasesTable } from '../../platform/db/schema';
import { BUYER, PAYMENT_METHOD, PURCHASE_STATUS, type PurchaseStatus } from '../../../shared/states';

/** The purchases table: every query of it lives here. */
export type PurchaseRow = Selectable<PurchasesTable>;

export async function insertPurchase(db: Db, row: Insertable<PurchasesTable>): Promise<number> {
  const { id } = await db.insertInto('purchases').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findPurchase(db: Db, id: number): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPurchaseByIntent(db: Db, paymentIntentId: string): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();
}

export async function updatePurchase(db: Db, id: number, changes: Updateable<PurchasesTable>): Promise<void> {
  await db.updateTable('purchases').set(changes).where('id', '=', id).execute();
}

/**
 * Moves a purchase from one of `from` to `to`, answering whether this call made the move. The
 * condition is in the UPDATE itself, so of two deliveries racing (on PostgreSQL the second waits
 * for the first's row lock, then sees the new status) exactly one wins.
 */
export async function movePurchase(
  db: Db,
  id: number,
  from: PurchaseStatus[],
  to: PurchaseStatus,
  changes: Updateable<PurchasesTable> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set({ ...changes, status: to })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Holds the report against other payment starts until the transaction ends, so of two browsers
 * starting its payment at once the second finds the first's purchase. PostgreSQL locks the row
 * (NO KEY: rows that merely name the report are not held up); SQLite runs one write transaction at a time.
 */
export async function holdReportForPayment(tx: Db, reportId: number): Promise<void> {
  if (isPostgres(tx)) await tx.selectFrom('reports').select('id').where('id', '=', reportId).forNoKeyUpdate().execute();
}

/** The report's owner purchase still waiting for a card, whichever browser started it: there is one at a time. */
export function openOwnerPurchase(db: Db, reportId: number): Promise<PurchaseRow | undefined> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('report_id', '=', reportId)
    .where('buyer', '=', BUYER.owner)
    .where('status', 'in', [PURCHASE_STATUS.awaitingPayment, PURCHASE_STATUS.failed])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Removes a purchase that is still waiting for its payment, answering whether it did. */
export async function deleteOpenPurchase(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('purchases')
    .where('id', '=', id)
    .where('status', 'in', [PURCHASE_STATUS.awaitingPayment, PURCHASE_STATUS.failed])
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The owner's paid purchase of a Premium report on this Preliminary report, or null when there is
 * none (a refunded one no longer counts): whether it is bought, and the Premium it made once made.
 */
export async function ownerPaidPurchaseOf(db: Db, reportId: number): Promise<{ premiumReportId: number | null } | null> {
  const row = await db
    .selectFrom('purchases')
    .select('premium_report_id')
    .where('report_id', '=', reportId)
    .where('buyer', '=', BUYER.owner)
    .where('status', '=', PURCHASE_STATUS.paid)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { premiumReportId: row.premium_report_id } : null;
}

export async function deletePurchase(db: Db, id: number): Promise<void> {
  await db.deleteFrom('purchases').where('id', '=', id).execute();
}

/** Card purchases still waiting for their payment that were started before the cutoff: the daily sweep looks at them. */
export function openCardPurchasesBefore(db: Db, cutoff: number): Promise<PurchaseRow[]> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('method', '=', PAYMENT_METHOD.card)
    .where('status', 'in', [PURCHASE_STATUS.awaitingPayment, PURCHASE_STATUS.failed])
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .limit(500)
    .execute();
}
