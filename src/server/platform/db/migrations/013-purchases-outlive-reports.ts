import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';

/**
 * A purchase is a record of money and outlives what it was for. Until now it went with its
 * report: an assessor who deleted an owner's Preliminary report for good (or the 30-day purge)
 * took the purchase with it, so the Premium report it paid for read as the assessor's own (the
 * owner was never sent it) and a later refund found no purchase (the referral fee was never
 * reversed). Now the purchase stays, its report link empty (ON DELETE SET NULL), as the fee's
 * already does; and, as with fees and payouts (migration 008), a user with purchases cannot be
 * deleted (ON DELETE RESTRICT) but is disabled instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await alterOnPostgres(db);
  else await rebuildOnSqlite(db);
}

async function alterOnPostgres(db: Kysely<unknown>): Promise<void> {
  // The link was named by PostgreSQL; find it rather than guess.
  const { rows } = await sql<{ name: string }>`select c.conname as name from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.conrelid = 'purchases'::regclass and c.contype = 'f' and a.attname in ('report_id', 'assessor_id')`.execute(db);
  for (const { name } of rows) await sql`alter table purchases drop constraint ${sql.id(name)}`.execute(db);
  await sql`alter table purchases
    alter column report_id drop not null,
    add constraint purchases_report_link foreign key (report_id) references reports(id) on delete set null,
    add constraint purchases_assessor_link foreign key (assessor_id) references users(id) on delete restrict`.execute(db);
}

/** The columns as migration 006 made them, and as they are now. */
const CHANGES = [
  [
    '"report_id" integer not null references "reports" ("id") on delete cascade',
    '"report_id" integer references "reports" ("id") on delete set null',
  ],
  [
    '"assessor_id" integer not null references "users" ("id") on delete cascade',
    '"assessor_id" integer not null references "users" ("id") on delete restrict',
  ],
] as const;

/**
 * SQLite cannot change a foreign key in place: the table is built anew from its own definition
 * with those two columns changed, and the rows copied, ids kept. Foreign keys are off meanwhile
 * (outside the transaction, where SQLite allows the switch): dropping the old table would
 * otherwise empty the fees' links to it.
 */
async function rebuildOnSqlite(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'purchases'`.execute(db);
  let next = (rows[0]?.sql ?? '').replace('CREATE TABLE "purchases"', 'CREATE TABLE "purchases_next"');
  for (const [was, now] of CHANGES) {
    if (!next.includes(was)) throw new Error(`purchases is not as migration 006 made it: ${rows[0]?.sql}`);
    next = next.replace(was, now);
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      await sql.raw(next).execute(tx);
      await sql`insert into purchases_next select * from purchases`.execute(tx);
      await sql`drop table purchases`.execute(tx);
      await sql`alter table purchases_next rename to purchases`.execute(tx);
      await tx.schema.createIndex('purchases_report').on('purchases').columns(['report_id', 'status']).execute();
      await tx.schema.createIndex('purchases_assessor').on('purchases').columns(['assessor_id', 'created_at']).execute();
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length) throw new Error(`purchases rebuilt with broken links: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
