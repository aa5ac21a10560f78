import type { Kysely } from 'kysely';
import { TIME, withId } from './column-types';

/** Shared links (opens, the assessor's share mode), contractors and their requests, vouchers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Per assessor, so one setting covers every report they share; 'upsell' is the product's default landing.
  await db.schema
    .alterTable('users')
    .addColumn('share_mode', 'varchar(10)', (c) => c.notNull().defaultTo('upsell'))
    .execute();

  await withId(db, db.schema.createTable('share_opens'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_opens_report').on('share_opens').columns(['report_id', 'at']).execute();

  await withId(db, db.schema.createTable('contractors'))
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('tel', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('image_mime', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  // One row per code and per area, so "who installs X in area Y" is an indexed lookup, not a scan of lists.
  await db.schema
    .createTable('contractor_measures')
    .addColumn('contractor_id', 'integer', (c) => c.notNull().references('contractors.id').onDelete('cascade'))
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('contractor_measures_pk', ['code', 'contractor_id'])
    .execute();
  await db.schema
    .createTable('contractor_areas')
    .addColumn('contractor_id', 'integer', (c) => c.notNull().references('contractors.id').onDelete('cascade'))
    .addColumn('area', 'varchar(2)', (c) => c.notNull())
    .addPrimaryKeyConstraint('contractor_areas_pk', ['area', 'contractor_id'])
    .execute();

  await withId(db, db.schema.createTable('contractor_requests'))
    // Kept when the report is erased: the contractors were already asked.
    .addColumn('report_id', 'integer', (c) => c.references('reports.id').onDelete('set null'))
    .addColumn('measure_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('measure_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('report_mode', 'varchar(12)', (c) => c.notNull())
    /** JSON array of the chosen contractor keys. */
    .addColumn('contractors', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('newsletter', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('vouchers'))
    /** Upper-cased: codes are typed by hand and compared without regard to case. */
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('message', 'varchar(300)', (c) => c.notNull())
    /** End of the last valid day, epoch ms; null: no expiry. */
    .addColumn('expires_at', TIME)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
}
