import type { Kysely } from 'kysely';
import { TIME } from './column-types';

/**
 * The Idempotency-Key a client sent with a call that creates or charges, and the answer it got
 * (http/idempotency.ts): a repeat of the key is answered from here instead of doing the work
 * again. One row per caller (a user, or a shared link), call and key; kept for a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'varchar(40)', (c) => c.notNull())
    .addColumn('call_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    // Which attempt holds the key: a random token, replaced when a retry takes over from a lost one.
    .addColumn('attempt', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempt_started_at', TIME, (c) => c.notNull())
    // How far a call that goes on after its transaction (to Stripe) got, for a retry to go on from.
    .addColumn('progress', 'text')
    // Null while the work is under way.
    .addColumn('answer_status', 'integer')
    .addColumn('answer_body', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_key', ['scope', 'call_name', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}
