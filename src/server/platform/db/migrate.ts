import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { isPostgres, type Db } from './database';
import * as m001 from './migrations/001-access';
import * as m002 from './migrations/002-reports';
import * as m003 from './migrations/003-sharing';
import * as m004 from './migrations/004-default-voucher';
import * as m005 from './migrations/005-address-lockouts';
import * as m006 from './migrations/006-payments';
import * as m007 from './migrations/007-premium';
import * as m008 from './migrations/008-earnings';
import * as m009 from './migrations/009-privacy-policies';
import * as m010 from './migrations/010-search';
import * as m011 from './migrations/011-list-counts';
import * as m012 from './migrations/012-list-versions';
import * as m013 from './migrations/013-purchases-outlive-reports';
import * as m014 from './migrations/014-quote-request-limits';
import * as m015 from './migrations/015-idempotency-keys';
import * as m016 from './migrations/016-share-open-browsers';
import * as m017 from './migrations/017-portfolios';
import * as m018 from './migrations/018-job-claims';

/** Migrations are listed in code so the bundle-free server and the tests run the same set in order. */
const MIGRATIONS: Record<string, Migration> = {
  '001-access': m001,
  '002-reports': m002,
  '003-sharing': m003,
  '004-default-voucher': m004,
  '005-address-lockouts': m005,
  '006-payments': m006,
  '007-premium': m007,
  '008-earnings': m008,
  '009-privacy-policies': m009,
  '010-search': m010,
  '011-list-counts': m011,
  '012-list-versions': m012,
  '013-purchases-outlive-reports': m013,
  '014-quote-request-limits': m014,
  '015-idempotency-keys': m015,
  '016-share-open-browsers': m016,
  '017-portfolios': m017,
  '018-job-claims': m018,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/**
 * Kysely looks for its migration tables in every schema unless it is told which one: another
 * schema of the same database (a second installation, a parallel test) would pass for ours.
 */
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: await migrationTableSchema(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
