import { isPostgres, type Db } from '../../platform/db/database';
import { sql } from 'kysely';

/** The password_resets table: every query of it lives here. */

/** The unused, unexpired reset of the user with this code. */
export async function findLiveReset(db: Db, userId: number, codeHash: string, now: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.id;
}

export async function insertReset(db: Db, userId: number, codeHash: string, expiresAt: number): Promise<void> {
  await db.insertInto('password_resets').values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt, used_at: null }).execute();
}

/** Uses one reset; false when it was used already (two at once: only one wins). */
export async function useReset(db: Db, id: number, now: number): Promise<boolean> {
  const used = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Voids every unused reset of the user. */
export async function voidResets(db: Db, userId: number, now: number): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Resets sent to the user whose hour is not over yet, used or voided ones too. */
export async function countUnexpiredResets(db: Db, userId: number, now: number): Promise<number> {
  const { n } = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Inside a transaction: holds the user's row until it ends, so two reset requests for one account
 * are decided one after the other (SQLite runs one write transaction at a time already).
 */
export async function holdUserForResets(db: Db, userId: number): Promise<void> {
  if (isPostgres(db)) await sql`select id from users where id = ${userId} for update`.execute(db);
}
