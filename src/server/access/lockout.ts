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

/**
 * An address with no account is counted and locked as an account would be: five failures in 30
 * minutes lock it for 30 minutes, so TOO_MANY_FAILED says nothing about whether it is registered.
 */
export async function recordFailedLoginForAddress(db: Db, addressHash: string, now = Date.now()): Promise<void> {
  await db.insertInto('address_login_failures').values({ address_hash: addressHash, at: now }).execute();
  const { n } = await db
    .selectFrom('address_login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address_hash', '=', addressHash)
    .where('at', '>', now - LOGIN_LOCKOUT.windowMinutes * MINUTE)
    .executeTakeFirstOrThrow();
  if (Number(n) >= LOGIN_LOCKOUT.failures) {
    const lockedUntil = now + LOGIN_LOCKOUT.lockMinutes * MINUTE;
    await db
      .insertInto('address_locks')
      .values({ address_hash: addressHash, locked_until: lockedUntil })
      .onConflict((oc) => oc.column('address_hash').doUpdateSet({ locked_until: lockedUntil }))
      .execute();
    await db.deleteFrom('address_login_failures').where('address_hash', '=', addressHash).execute();
  }
}

export async function isAddressLocked(db: Db, addressHash: string, now = Date.now()): Promise<boolean> {
  const lock = await db.selectFrom('address_locks').select('locked_until').where('address_hash', '=', addressHash).executeTakeFirst();
  return Number(lock?.locked_until ?? 0) > now;
}
