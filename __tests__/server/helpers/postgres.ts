import pg from 'pg';

/** The PostgreSQL the server tests use; CI provides one, locally it is optional. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Set by the server project's globalSetup after it reached PostgreSQL once. */
export const isPostgresAvailable = () => process.env.TEST_PG_AVAILABLE === '1';

/** Runs statements on a short-lived connection of its own (schema set-up and tear-down). */
export async function withPgClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Kysely's migrator introspects the tables of every schema by name, so a schema another test drops
 * at that moment fails it ("schema t_… does not exist"). Building a server takes this lock shared,
 * dropping a schema takes it alone.
 */
const SCHEMA_LOCK = 4_711_2026;

export function withSchemaLock<T>(mode: 'shared' | 'exclusive', work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withPgClient(async (client) => {
    await client.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    // Ending the connection releases the lock, whatever work does.
    return work(client);
  });
}
