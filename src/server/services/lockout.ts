import { LOGIN_LOCKOUT } from '../../shared/constants';
import type { Db } from '../db/database';

const MINUTE = 60_000;

/** Five failed logins within 30 minutes lock the account for 30 minutes. */
export async function recordFailedLogin(db: Db, userId: number, now = Date.now()): Promise<void> {
  await db.insertInto('login_failures').values({ user_id: userId, at: now }).execute();
  const { n } = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('at', '>', now - LOGIN_LOCKOUT.windowMinutes * MINUTE)
    .executeTakeFirstOrThrow();
  if (Number(n) >= LOGIN_LOCKOUT.failures) {
    await db.updateTable('users').set({ locked_until: now + LOGIN_LOCKOUT.lockMinutes * MINUTE }).where('id', '=', userId).execute();
    await db.deleteFrom('login_failures').where('user_id', '=', userId).execute();
  }
}

export const isLocked = (user: { locked_until: number | null }, now = Date.now()) => (user.locked_until ?? 0) > now;

export async function clearFailedLogins(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('login_failures').where('user_id', '=', userId).execute();
}
