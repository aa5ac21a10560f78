import type { Kysely } from 'kysely';

/**
 * The browsers that opened each shared report on each day (sharing/shared-reports.ts): an open
 * counts when its row is new, so one browser counts once a day however often it reloads. The
 * browser is a keyed hash (of its cookie, or of its address and user agent), never the address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_open_browsers')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_open_browsers_pk', ['report_id', 'browser_hash', 'day'])
    .execute();
  await db.schema.createIndex('share_open_browsers_day').on('share_open_browsers').column('day').execute();
}
