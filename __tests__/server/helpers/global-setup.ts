import { TEST_DATABASE_URL, withPgClient } from './postgres';

/** The address without its password, fit for a log. */
function printable(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'TEST_DATABASE_URL';
  }
}

/**
 * Probes PostgreSQL once for the whole server project. Workers inherit process.env, so they see
 * TEST_PG_AVAILABLE. CI always has PostgreSQL: there an unreachable one fails the run instead of
 * quietly testing SQLite alone.
 */
export default async function globalSetup(): Promise<void> {
  try {
    await withPgClient((client) => client.query('select 1'));
    process.env.TEST_PG_AVAILABLE = '1';
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (process.env.CI) {
      throw new Error(`PostgreSQL is not reachable at ${printable(TEST_DATABASE_URL)} (${reason}); CI must run the server tests on it.`, {
        cause: err,
      });
    }
    delete process.env.TEST_PG_AVAILABLE;
    console.warn(
      `\nPostgreSQL tests skipped: no database at ${printable(TEST_DATABASE_URL)} (${reason}). Set TEST_DATABASE_URL to run them.`,
    );
  }
}
