import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as m001 from './migrations/001-access';

/** Migrations are listed in code so the bundle-free server and the tests run the same set in order. */
const MIGRATIONS: Record<string, Migration> = {
  '001-access': m001,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
