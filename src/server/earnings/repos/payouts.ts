import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PayoutsTable } from '../../platform/db/schema';

/** The payouts table: every query of it lives here. A payout is never changed or deleted. */
export type PayoutRow = Selectable<PayoutsTable>;

export async function insertPayout(db: Db, row: Insertable<PayoutsTable>): Promise<number> {
  const { id } = await db.insertInto('payouts').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** An assessor's payouts, oldest month first. */
export function payoutsOf(db: Db, userId: number): Promise<PayoutRow[]> {
  return db.selectFrom('payouts').selectAll().where('user_id', '=', userId).orderBy('month').execute();
}

/** Who was paid for a month (or whether one assessor was). */
export function payoutsForMonth(db: Db, month: string, userId?: number): Promise<PayoutRow[]> {
  return db
    .selectFrom('payouts')
    .selectAll()
    .where('month', '=', month)
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
    .orderBy('user_id')
    .execute();
}
