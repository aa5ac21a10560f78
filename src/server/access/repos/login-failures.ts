import type { Db } from '../../platform/db/database';

/** Failed logins, of accounts and of addresses with no account, and address locks. */

export async function insertLoginFailure(db: Db, userId: number, at: number): Promise<void> {
  await db.insertInto('login_failures').values({ user_id: userId, at }).execute();
}

export async function countLoginFailuresSince(db: Db, userId: number, since: number): Promise<number> {
  const { n } = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function deleteLoginFailures(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('login_failures').where('user_id', '=', userId).execute();
}

export async function insertAddressLoginFailure(db: Db, addressHash: string, at: number): Promise<void> {
  await db.insertInto('address_login_failures').values({ address_hash: addressHash, at }).execute();
}

export async function countAddressLoginFailuresSince(db: Db, addressHash: string, since: number): Promise<number> {
  const { n } = await db
    .selectFrom('address_login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address_hash', '=', addressHash)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function deleteAddressLoginFailures(db: Db, addressHash: string): Promise<void> {
  await db.deleteFrom('address_login_failures').where('address_hash', '=', addressHash).execute();
}

export async function lockAddress(db: Db, addressHash: string, lockedUntil: number): Promise<void> {
  await db
    .insertInto('address_locks')
    .values({ address_hash: addressHash, locked_until: lockedUntil })
    .onConflict((oc) => oc.column('address_hash').doUpdateSet({ locked_until: lockedUntil }))
    .execute();
}

export async function addressLockedUntil(db: Db, addressHash: string): Promise<number> {
  const lock = await db.selectFrom('address_locks').select('locked_until').where('address_hash', '=', addressHash).executeTakeFirst();
  return Number(lock?.locked_until ?? 0);
}

/** Failed logins from before `before`, of accounts and addresses, and address locks over by then. */
export async function deleteLoginFailuresBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('login_failures').where('at', '<', before).execute();
  await db.deleteFrom('address_login_failures').where('at', '<', before).execute();
  await db.deleteFrom('address_locks').where('locked_until', '<', before).execute();
}
