import type { Kysely } from 'kysely';
import { TIME, withId } from './column-types';

/**
 * Landlord portfolios: an assessor's client, the homes in it (a report of theirs, or a
 * certificate read from the public register's bulk files), and the postcodes' coordinates
 * looked up once for the map.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('portfolios'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('client_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('client_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('client_company', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    /** null: the built-in default branding. */
    .addColumn('branding_id', 'integer', (c) => c.references('brandings.id').onDelete('set null'))
    /** Name, client and company, lower case: what the list searches. */
    .addColumn('search_text', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addColumn('deleted_at', TIME)
    .execute();
  await db.schema.createIndex('portfolios_list').on('portfolios').columns(['user_id', 'deleted_at', 'created_at']).execute();

  // A register certificate belongs to the assessor who imported it; one row per certificate (LMK_KEY).
  await withId(db, db.schema.createTable('register_certificates'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lmk_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('uprn', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(400)', (c) => c.notNull())
    .addColumn('postcode', 'varchar(10)', (c) => c.notNull())
    /** The address and postcode normalised (lower case, single spaces, no punctuation): how homes without a UPRN match. */
    .addColumn('address_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('country', 'varchar(3)', (c) => c.notNull())
    .addColumn('current_rating', 'integer', (c) => c.notNull())
    .addColumn('potential_rating', 'integer', (c) => c.notNull())
    .addColumn('property_type', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('tenure', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('lodgement_date', 'varchar(10)', (c) => c.notNull())
    /** The certificate's own recommendations in order, as JSON: [{ number, text, indicativeCost }]. */
    .addColumn('recommendations', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('register_certificates_user_lmk', ['user_id', 'lmk_key'])
    .execute();

  await withId(db, db.schema.createTable('portfolio_homes'))
    .addColumn('portfolio_id', 'integer', (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('report_id', 'integer', (c) => c.references('reports.id').onDelete('cascade'))
    .addColumn('certificate_id', 'integer', (c) => c.references('register_certificates.id').onDelete('cascade'))
    .addColumn('added_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('portfolio_homes_report', ['portfolio_id', 'report_id'])
    .addUniqueConstraint('portfolio_homes_certificate', ['portfolio_id', 'certificate_id'])
    .execute();
  await db.schema.createIndex('portfolio_homes_report_id').on('portfolio_homes').column('report_id').execute();

  // A postcode's centre, from a postcodes.io-compatible service; null coordinates: the service knows no such postcode.
  await db.schema
    .createTable('postcode_locations')
    .addColumn('postcode', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('looked_up_at', TIME, (c) => c.notNull())
    .execute();
}
