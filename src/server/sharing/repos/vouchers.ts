import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { VouchersTable } from '../../platform/db/schema';

/** The vouchers table: every query of it lives here. */
export type VoucherRow = Selectable<VouchersTable>;

export function findVoucher(db: Db, code: string): Promise<VoucherRow | undefined> {
  return db.selectFrom('vouchers').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Adds the code, or replaces its message and expiry and makes it active again. */
export async function upsertVoucher(db: Db, code: string, message: string, expiresAt: number | null, now: number): Promise<void> {
  const existing = await findVoucher(db, code);
  if (existing) {
    await db.updateTable('vouchers').set({ message, expires_at: expiresAt, active: 1 }).where('id', '=', existing.id).execute();
  } else {
    await db.insertInto('vouchers').values({ code, message, expires_at: expiresAt, active: 1, created_at: now }).execute();
  }
}

/** Deactivates a code; false when there is none. */
export async function deactivateVoucher(db: Db, code: string): Promise<boolean> {
  const res = await db.updateTable('vouchers').set({ active: 0 }).where('code', '=', code).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function allVouchers(db: Db): Promise<VoucherRow[]> {
  return db.selectFrom('vouchers').selectAll().orderBy('code').execute();
}
