import type { Db } from '../../platform/db/database';
import { newInviteCode } from '../../platform/security/tokens';

export async function createInvites(db: Db, count: number, now = Date.now()): Promise<string[]> {
  const codes = Array.from({ length: count }, () => newInviteCode());
  await db
    .insertInto('invite_codes')
    .values(codes.map((code) => ({ code, created_at: now, used_by: null, used_at: null })))
    .execute();
  return codes;
}

/**
 * Marks the code used by this user (null: spent by a sign-up whose address had an account); false
 * when it does not exist or was used already (once only, even in a race).
 */
export async function consumeInvite(db: Db, code: string, userId: number | null, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('invite_codes')
    .set({ used_by: userId, used_at: now })
    .where('code', '=', code)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function isInviteUsable(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('invite_codes').select('code').where('code', '=', code).where('used_at', 'is', null).executeTakeFirst();
  return Boolean(row);
}

export async function unusedInvites(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('invite_codes').select('code').where('used_at', 'is', null).orderBy('created_at').execute();
  return rows.map((r) => r.code);
}
