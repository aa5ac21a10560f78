import type { Kysely } from 'kysely';
import { TIME, withId } from './column-types';

/**
 * Failed logins for addresses that have no account, counted and locked exactly as an account's,
 * so the lockout answer cannot tell a registered address from an unknown one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('address_login_failures'))
    .addColumn('address_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('address_login_failures_hash_at').on('address_login_failures').columns(['address_hash', 'at']).execute();
  await db.schema
    .createTable('address_locks')
    .addColumn('address_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('locked_until', TIME, (c) => c.notNull())
    .execute();
}
