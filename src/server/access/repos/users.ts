import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { UsersTable } from '../../platform/db/schema';
import type { ShareMode } from '../../../shared/states';

/** The users table: every query of it lives here. */
export type UserRow = Selectable<UsersTable>;

/** Emails are stored and compared lower-cased: people type them in any case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

/** How an assessor's shared links open; undefined for a user that is gone. */
export async function shareModeOf(db: Db, id: number): Promise<ShareMode | undefined> {
  return (await db.selectFrom('users').select('share_mode').where('id', '=', id).executeTakeFirst())?.share_mode;
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** A new account; a second one with the same email fails on the unique index. */
export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<number> {
  const { id } = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The fields a user or the operator changes (profile, password, role, template, share mode, lock). */
export type UserChanges = Pick<
  Updateable<UsersTable>,
  'name' | 'phone' | 'coverage' | 'password_hash' | 'role' | 'email_template' | 'locked_until' | 'email_confirmed_at' | 'confirm_code_hash'
> & {
  share_mode?: ShareMode;
};

export async function updateUser(db: Db, id: number, changes: UserChanges): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** A successful login: counted in the database (two at once both count) and any lock lifted. */
export async function recordLogin(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ login_count: sql`login_count + 1`, locked_until: null })
    .where('id', '=', id)
    .execute();
}

/**
 * The user an emailed confirmation code belongs to. The code's hash stays after confirming, so a
 * second click can be told 'already confirmed' rather than 'not valid'; a newer code replaces it.
 */
export function findUserByConfirmCodeHash(
  db: Db,
  codeHash: string,
): Promise<Pick<UserRow, 'id' | 'email' | 'email_confirmed_at'> | undefined> {
  return db.selectFrom('users').select(['id', 'email', 'email_confirmed_at']).where('confirm_code_hash', '=', codeHash).executeTakeFirst();
}

/**
 * Takes one Premium credit if there is one, in a single conditional UPDATE: two tabs spending at
 * once spend two credits or the second is refused, and the balance never goes below nothing.
 */
export async function spendPremiumCredit(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ premium_credits: sql`premium_credits - 1` })
    .where('id', '=', id)
    .where('premium_credits', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds Premium credits in the database and answers the new balance. */
export async function addPremiumCredits(db: Db, id: number, count: number): Promise<number> {
  await db
    .updateTable('users')
    .set({ premium_credits: sql`premium_credits + ${count}` })
    .where('id', '=', id)
    .execute();
  const { premium_credits } = await db.selectFrom('users').select('premium_credits').where('id', '=', id).executeTakeFirstOrThrow();
  return premium_credits;
}

/** Every account, for the operator's list. */
export function listUsers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'scheme', 'email_confirmed_at', 'login_count', 'premium_credits'])
    .orderBy('id')
    .execute();
}
