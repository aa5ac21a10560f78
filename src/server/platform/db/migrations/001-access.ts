import type { Kysely } from 'kysely';
import { TIME, withId } from './column-types';

/** Users, sessions, invites, recovery, operator settings, contact requests, terms and messages. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addColumn('scheme', 'varchar(32)')
    .addColumn('coverage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('newsletter_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_confirmed_at', TIME)
    .addColumn('confirm_code_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('premium_credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', TIME)
    .addColumn('email_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('last_seen_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_user_at').on('login_failures').columns(['user_id', 'at']).execute();

  await db.schema
    .createTable('invite_codes')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', TIME)
    .execute();

  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('contact_requests'))
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('contact_method', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('terms'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('message_html', 'text', (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('accepted_to', TIME, (c) => c.notNull())
    .addColumn('accepted_at', TIME, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('messages'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('message_html', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('message_responses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('response', 'varchar(200)', (c) => c.notNull())
    .addColumn('answered_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('message_responses_pk', ['user_id', 'message_id'])
    .execute();

  // The operator's prices until `npm run cli -- prices set` changes them (pence).
  await db
    .insertInto('settings' as never)
    .values([
      { key: 'premium_price_pence', value: '4500' },
      { key: 'upgrade_referral_pence', value: '1500' },
      { key: 'recommended_premium_sell_pence', value: '9900' },
    ] as never)
    .execute();
}
