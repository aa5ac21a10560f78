import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';
import { TIME, withId } from './column-types';

/**
 * Earnings paid out, and a ledger of referral fees that nothing but an operator's decision removes.
 *
 * Until now the fee rows went with their purchase, and the purchase with its report: an assessor
 * who deleted a Preliminary report for good (or the 30-day purge) silently took back what an
 * owner's purchase had earned them, and deleting a user took their whole history. Now:
 * - each fee carries the address and assessor ref it was earned on, so it reads the same after
 *   its report is erased; its purchase link becomes empty (ON DELETE SET NULL) rather than the
 *   fee disappearing;
 * - a user with earnings, or with payouts, cannot be deleted (ON DELETE RESTRICT): money they were
 *   paid or are owed is accounted for, so such an account is disabled (`user set-role … disabled`),
 *   never erased by accident;
 * - a fee names the payout that settled it, and a settled fee cannot lose its payout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One payout per assessor and month: marking a month paid twice finds the pair taken.
  await withId(db, db.schema.createTable('payouts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('paid_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('payouts_once', ['user_id', 'month'])
    .execute();

  if (isPostgres(db)) await alterOnPostgres(db);
  else await db.transaction().execute(rebuildOnSqlite);

  await db.schema.createIndex('referral_fees_unpaid').on('referral_fees').columns(['payout_id', 'created_at']).execute();
}

/** Fees recorded before this release take their address and ref from the report they were earned on. */
const SNAPSHOT_ADDRESS = sql<string>`coalesce((select r.name from purchases p join reports r on r.id = p.report_id where p.id = referral_fees.purchase_id), '')`;
const SNAPSHOT_REF = sql<string>`coalesce((select r.assessor_ref from purchases p join reports r on r.id = p.report_id where p.id = referral_fees.purchase_id), '')`;

async function alterOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table referral_fees
    add column address varchar(300) not null default '',
    add column assessor_ref varchar(100) not null default '',
    add column payout_id integer references payouts(id) on delete restrict,
    alter column purchase_id drop not null`.execute(db);
  await sql`update referral_fees set address = ${SNAPSHOT_ADDRESS}, assessor_ref = ${SNAPSHOT_REF}`.execute(db);
  // The old links were named by PostgreSQL; find them rather than guess.
  const { rows } = await sql<{ name: string }>`select c.conname as name from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.conrelid = 'referral_fees'::regclass and c.contype = 'f' and a.attname in ('user_id', 'purchase_id')`.execute(db);
  for (const { name } of rows) await sql`alter table referral_fees drop constraint ${sql.id(name)}`.execute(db);
  await sql`alter table referral_fees
    add constraint referral_fees_user foreign key (user_id) references users(id) on delete restrict,
    add constraint referral_fees_purchase foreign key (purchase_id) references purchases(id) on delete set null`.execute(db);
}

/** SQLite cannot change a foreign key in place: the table is built anew and the rows copied, ids kept. */
async function rebuildOnSqlite(tx: Kysely<unknown>): Promise<void> {
  await tx.schema
    .createTable('referral_fees_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('purchase_id', 'integer', (c) => c.references('purchases.id').onDelete('set null'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('assessor_ref', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('payout_id', 'integer', (c) => c.references('payouts.id').onDelete('restrict'))
    .addUniqueConstraint('referral_fees_once', ['purchase_id', 'kind'])
    .execute();
  await sql`insert into referral_fees_next (id, user_id, purchase_id, kind, amount_pence, created_at, address, assessor_ref)
    select id, user_id, purchase_id, kind, amount_pence, created_at, ${SNAPSHOT_ADDRESS}, ${SNAPSHOT_REF} from referral_fees`.execute(tx);
  await tx.schema.dropTable('referral_fees').execute();
  await sql`alter table referral_fees_next rename to referral_fees`.execute(tx);
  await tx.schema.createIndex('referral_fees_user').on('referral_fees').columns(['user_id', 'created_at']).execute();
}
