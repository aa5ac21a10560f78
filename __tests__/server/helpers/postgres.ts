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
