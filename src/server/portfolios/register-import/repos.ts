import { sql } from 'kysely';
import { isPostgres, type Db } from '../../platform/db/database';
import type { CertificateRow } from './parse';

/** The import's queries of register_certificates and portfolio_homes. */

/** Rows per statement: within SQLite's 32 766 parameters at 14 a row (PostgreSQL takes one array a column). */
export const ROWS_PER_INSERT = 2000;

type ColumnTypes<Row> = { [K in keyof Row]: string };

const keysOf = <Row extends object>(types: ColumnTypes<Row>) => Object.keys(types) as (keyof Row & string)[];

/**
 * Rows as PostgreSQL's unnest of one array a column: a batch of thousands of rows is a handful of
 * parameters rather than one a value, which node-postgres sends and PostgreSQL parses far faster.
 */
function unnest<Row extends object>(types: ColumnTypes<Row>, rows: Row[]) {
  const columns = keysOf(types).map((c) => sql`${rows.map((r) => r[c])}::${sql.raw(types[c])}[]`);
  return sql`(select * from unnest(${sql.join(columns)}))`;
}

const CERTIFICATE_TYPES = {
  user_id: 'integer',
  lmk_key: 'varchar',
  uprn: 'varchar',
  address: 'varchar',
  postcode: 'varchar',
  address_key: 'varchar',
  country: 'varchar',
  current_rating: 'integer',
  potential_rating: 'integer',
  property_type: 'varchar',
  tenure: 'varchar',
  lodgement_date: 'varchar',
  recommendations: 'text',
  created_at: 'bigint',
};
const HOME_TYPES = { portfolio_id: 'integer', report_id: 'integer', certificate_id: 'integer', added_at: 'bigint' };

/** A home of the portfolio made from a register certificate, with what matching needs of it. */
export interface RegisterHome {
  homeId: number;
  certificateId: number;
  lmkKey: string;
  uprn: string;
  addressKey: string;
  lodgementDate: string;
}

export async function registerHomesOf(db: Db, portfolioId: number): Promise<RegisterHome[]> {
  const rows = await db
    .selectFrom('portfolio_homes')
    .innerJoin('register_certificates', 'register_certificates.id', 'portfolio_homes.certificate_id')
    .select([
      'portfolio_homes.id as home_id',
      'register_certificates.id as certificate_id',
      'register_certificates.lmk_key',
      'register_certificates.uprn',
      'register_certificates.address_key',
      'register_certificates.lodgement_date',
    ])
    .where('portfolio_homes.portfolio_id', '=', portfolioId)
    .execute();
  return rows.map((r) => ({
    homeId: r.home_id,
    certificateId: r.certificate_id,
    lmkKey: r.lmk_key,
    uprn: r.uprn,
    addressKey: r.address_key,
    lodgementDate: r.lodgement_date,
  }));
}

/**
 * Stores the certificates as the user's, each with its recommendations (RegisterRecommendation
 * JSON), one row per LMK_KEY: one imported before is written over. Answers each one's id by LMK_KEY.
 */
export async function upsertCertificates(
  db: Db,
  userId: number,
  rows: (CertificateRow & { recommendations: string })[],
  now: number,
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const values = rows.map((r) => ({
    user_id: userId,
    lmk_key: r.lmkKey,
    uprn: r.uprn,
    address: r.address,
    postcode: r.postcode,
    address_key: r.addressKey,
    country: r.country,
    current_rating: r.currentRating,
    potential_rating: r.potentialRating,
    property_type: r.propertyType,
    tenure: r.tenure,
    lodgement_date: r.lodgementDate,
    recommendations: r.recommendations,
    created_at: now,
  }));
  const insert = db.insertInto('register_certificates');
  const stored = await (
    isPostgres(db) ? insert.columns(keysOf(CERTIFICATE_TYPES)).expression(unnest(CERTIFICATE_TYPES, values)) : insert.values(values)
  )
    .onConflict((oc) =>
      oc.columns(['user_id', 'lmk_key']).doUpdateSet((eb) => ({
        uprn: eb.ref('excluded.uprn'),
        address: eb.ref('excluded.address'),
        postcode: eb.ref('excluded.postcode'),
        address_key: eb.ref('excluded.address_key'),
        country: eb.ref('excluded.country'),
        current_rating: eb.ref('excluded.current_rating'),
        potential_rating: eb.ref('excluded.potential_rating'),
        property_type: eb.ref('excluded.property_type'),
        tenure: eb.ref('excluded.tenure'),
        lodgement_date: eb.ref('excluded.lodgement_date'),
        recommendations: eb.ref('excluded.recommendations'),
      })),
    )
    .returning(['id', 'lmk_key'])
    .execute();
  return new Map(stored.map((s) => [s.lmk_key, s.id]));
}

/** Adds certificates as homes; one already in the portfolio is left as it is. */
export async function insertCertificateHomes(db: Db, portfolioId: number, certificateIds: number[], now: number): Promise<void> {
  if (certificateIds.length === 0) return;
  const values = certificateIds.map((id) => ({ portfolio_id: portfolioId, report_id: null, certificate_id: id, added_at: now }));
  const insert = db.insertInto('portfolio_homes');
  await (isPostgres(db) ? insert.columns(keysOf(HOME_TYPES)).expression(unnest(HOME_TYPES, values)) : insert.values(values))
    .onConflict((oc) => oc.columns(['portfolio_id', 'certificate_id']).doNothing())
    .execute();
}

/** A home's newer certificate takes the place of its older one. */
export async function setHomeCertificate(db: Db, homeId: number, certificateId: number): Promise<void> {
  await db.updateTable('portfolio_homes').set({ certificate_id: certificateId }).where('id', '=', homeId).execute();
}

/** Removes a portfolio that has no homes (one made for an import that then failed). */
export async function deleteEmptyPortfolio(db: Db, portfolioId: number): Promise<void> {
  await db
    .deleteFrom('portfolios')
    .where('id', '=', portfolioId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('portfolio_homes').select('id').where('portfolio_id', '=', portfolioId))))
    .execute();
}
