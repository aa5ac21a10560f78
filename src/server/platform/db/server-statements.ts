import type pg from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { failedAtDatabase, isDatabaseUnreachable, markAsDatabaseError } from './connection-errors';

/**
 * PostgreSQL parses and plans every query it is sent unnamed, and on a 2-core machine that work
 * takes the cores the server needs. A named statement is parsed once on each connection; each
 * later run only binds its values. Measured with `npm run bench` (its throughput section, two
 * runs each way): the list on PostgreSQL went from 9.8-13.9 % of a bare Fastify hello to
 * 19.3-20.3 %, ping from 12.0-13.6 % to 18.9-20.3 %. Only the statements the code names
 * (preparedQuery's, a few dozen texts) are named: each stays in every connection's memory until
 * the connection closes, so a text that varies (an IN list of n values, n rows inserted) would
 * add one for every n.
 */
const statementNames = new Map<string, string>();

/** Runs this SQL as a named statement on every PostgreSQL connection from now on. */
export function nameOnServer(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `epcplus_${statementNames.size + 1}`);
}

/**
 * The pool under each database createDb made. A prepared query on the database itself runs
 * straight on its pool: Kysely taking a connection from the pool, running the statement on it and
 * giving it back cost about 6 of the 112 µs of CPU a logged-in call took on PostgreSQL (the report
 * list, five alternating runs on a quick machine). A transaction's statements must run on its own
 * connection, and a transaction (or a single connection's Kysely) is another object: those go
 * through Kysely as before.
 */
const poolOfDatabase = new WeakMap<object, pg.Pool>();

/** Records the pool createDb made the database over. */
export function runsOnPool(db: object, pool: pg.Pool): void {
  poolOfDatabase.set(db, pool);
}

/** Runs the SQL on the database's pool, as a named statement if named: null for a transaction, a single connection or SQLite. */
export function queryOnPool<Row>(db: object, sql: string, parameters: readonly unknown[]): Promise<Row[]> | null {
  const pool = poolOfDatabase.get(db);
  if (!pool) return null;
  return pool
    .query({ name: statementNames.get(sql), text: sql, values: parameters as unknown[] })
    .then((result) => result.rows as Row[], failedAtDatabase);
}

/** A pool client that sends the named texts as named statements. */
class NamingClient implements PostgresPoolClient {
  /**
   * A query on it failed for want of the server. pg keeps a connection whose query outran
   * query_timeout as usable, though the answer may never come (a cut network): it is handed back
   * to the pool as failed, so the pool closes it rather than give it to the next request.
   */
  private lost: Error | null = null;

  constructor(private readonly client: pg.PoolClient) {}

  private readonly noteLost = (err: unknown): never => {
    markAsDatabaseError(err);
    if (isDatabaseUnreachable(err)) this.lost = err as Error;
    throw err;
  };

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely is given no cursor class, so it never streams; a cursor would go through untouched.
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const name = statementNames.get(sqlOrCursor);
    // Kysely hands over a fresh array of its own each time, and pg only reads it: no copy.
    const values = parameters as unknown[];
    return this.client.query({ name, text: sqlOrCursor, values }).catch(this.noteLost) as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    const lost = this.lost;
    this.lost = null;
    this.client.release(lost ?? undefined);
  }
}

/** The pool Kysely's PostgreSQL dialect is given. Kysely keeps a connection per client object, so each client is wrapped once. */
export function namingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, NamingClient>();
  return {
    async connect() {
      const client = await pool.connect().catch(failedAtDatabase);
      let connection = wrapped.get(client);
      if (!connection) wrapped.set(client, (connection = new NamingClient(client)));
      return connection;
    },
    end: () => pool.end(),
  };
}
