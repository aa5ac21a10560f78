import type { Kysely } from 'kysely';
import { TIME, withId } from './column-types';

/** Uploads, brandings, the council tax table, reports and the job queue. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('uploads'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The storage key the browser knows the file by (the `filename` of upload and follow-up). */
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('extension', 'varchar(10)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('uploaded_at', TIME)
    .addColumn('size', 'integer')
    /** A, B or LOGO once the follow-up accepted it; the parsed survey of an A, as JSON. */
    .addColumn('checked_as', 'varchar(4)')
    .addColumn('parsed', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').columns(['user_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('brandings'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('colour', 'varchar(7)', (c) => c.notNull())
    .addColumn('image_key', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('brandings_user').on('brandings').column('user_id').execute();

  await withId(db, db.schema.createTable('council_tax'))
    .addColumn('postcode', 'varchar(10)', (c) => c.notNull())
    .addColumn('address', 'varchar(300)', (c) => c.notNull())
    .addColumn('band', 'varchar(1)', (c) => c.notNull())
    .addUniqueConstraint('council_tax_postcode_address', ['postcode', 'address'])
    .execute();

  await withId(db, db.schema.createTable('reports'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(12)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    /** "address, postcode": what the lists show and search. */
    .addColumn('name', 'varchar(400)', (c) => c.notNull())
    .addColumn('search_text', 'varchar(600)', (c) => c.notNull())
    .addColumn('assessor_ref', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('assessor_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('current_epc', 'integer', (c) => c.notNull())
    .addColumn('current_epc_band', 'varchar(1)', (c) => c.notNull())
    .addColumn('survey', 'text', (c) => c.notNull())
    .addColumn('measures', 'text', (c) => c.notNull())
    .addColumn('ctax_address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('ctax_band', 'varchar(1)')
    /** null: the built-in default branding. */
    .addColumn('branding_id', 'integer', (c) => c.references('brandings.id').onDelete('set null'))
    .addColumn('xml1_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('xml2_key', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('xml1_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('xml2_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('pdf_key', 'varchar(100)')
    .addColumn('premium_report_purchased', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addColumn('deleted_at', TIME)
    .execute();
  // The lists: one user's reports of one type, deleted or not, newest first.
  await db.schema.createIndex('reports_list').on('reports').columns(['user_id', 'type', 'deleted_at', 'created_at']).execute();
  await db.schema.createIndex('reports_deleted_at').on('reports').column('deleted_at').execute();

  await withId(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', TIME, (c) => c.notNull())
    .addColumn('locked_at', TIME)
    .addColumn('last_error', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_after']).execute();
}
