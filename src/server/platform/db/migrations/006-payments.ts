import { sql, type Kysely } from 'kysely';
import { TIME, withId } from './column-types';

const OLD_PRICE_KEYS = ['premium_price_pence', 'upgrade_referral_pence', 'recommended_premium_sell_pence'];

/**
 * Card payments: the operator's prices with their history, every purchase of a Premium report with
 * the prices it was sold at, and the referral fees assessors earn from owners' purchases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A new row per change: a purchase names the row in force when it was made, so history is kept.
  await withId(db, db.schema.createTable('prices'))
    .addColumn('trade_pence', 'integer', (c) => c.notNull())
    .addColumn('owner_pence', 'integer', (c) => c.notNull())
    .addColumn('referral_pence', 'integer', (c) => c.notNull())
    .addColumn('recommended_sell_pence', 'integer', (c) => c.notNull())
    /** The automatic owner discount: '' and 0 when there is none. */
    .addColumn('owner_discount_code', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_discount_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('set_at', TIME, (c) => c.notNull())
    .execute();

  // Prices set before this release were three settings; they become the first row of the history
  // (the owner paid the recommended sell price, the nearest thing there was to an owner price).
  const old = await sql<{ key: string; value: string }>`select key, value from settings where key in (${sql.join(OLD_PRICE_KEYS)})`.execute(
    db,
  );
  if (old.rows.length) {
    const byKey = new Map(old.rows.map((r) => [r.key, Number(r.value) || 0]));
    const trade = byKey.get('premium_price_pence') ?? 0;
    const sell = byKey.get('recommended_premium_sell_pence') ?? 0;
    await sql`insert into prices (trade_pence, owner_pence, referral_pence, recommended_sell_pence, set_at)
      values (${trade}, ${sell}, ${byKey.get('upgrade_referral_pence') ?? 0}, ${sell}, ${Date.now()})`.execute(db);
    await sql`delete from settings where key in (${sql.join(OLD_PRICE_KEYS)})`.execute(db);
  }

  await withId(db, db.schema.createTable('purchases'))
    /** The report bought: the owner's Preliminary report, or the assessor's new Premium report. */
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    /** The Premium report the purchase produced; set when it is fulfilled. */
    .addColumn('premium_report_id', 'integer', (c) => c.references('reports.id').onDelete('set null'))
    /** The assessor whose report it is: they finalise it, and earn the referral fee on an owner's purchase. */
    .addColumn('assessor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('buyer', 'varchar(10)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('price_id', 'integer', (c) => c.references('prices.id'))
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('full_price_pence', 'integer', (c) => c.notNull())
    .addColumn('discount_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_code', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('referral_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_intent_id', 'varchar(255)', (c) => c.unique())
    /** A keyed hash of the owner's browser session, so a reload reuses the same payment. */
    .addColumn('owner_session_hash', 'varchar(64)')
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('failure_message', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('paid_at', TIME)
    .addColumn('refunded_at', TIME)
    .execute();
  await db.schema.createIndex('purchases_report').on('purchases').columns(['report_id', 'status']).execute();
  await db.schema.createIndex('purchases_assessor').on('purchases').columns(['assessor_id', 'created_at']).execute();

  // A ledger: a fee when an owner's purchase is fulfilled, a negative reversal when it is refunded.
  await withId(db, db.schema.createTable('referral_fees'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    /** Each purchase earns at most one fee and one reversal, however often fulfilment is attempted. */
    .addUniqueConstraint('referral_fees_once', ['purchase_id', 'kind'])
    .execute();
  await db.schema.createIndex('referral_fees_user').on('referral_fees').columns(['user_id', 'created_at']).execute();
}
