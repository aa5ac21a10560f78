import { chmodSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema';
import { runsOnSqlite, withStatementCache } from './statement-cache';
import { namingPool, runsOnPool } from './server-statements';

export { isDatabaseUnreachable } from './connection-errors';

export type Db = Kysely<Database>;

// PostgreSQL returns int8 (bigint, count(*)) as strings; our times and counts fit a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in one each). */
  pgSchema?: string;
}

export function createDb(opts: DbOptions): Db {
  const url = opts.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: pgPoolSize(),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      // A connection whose peer vanished without a word (a failover, a cut network) is found out
      // by the kernel's keepalive probes rather than only by the next query that hangs on it.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
    runsOnPool(db, pool);
    const trouble = new ConnectionTrouble();
    troubleOf.set(db, trouble);
    /*
     * A connection the server ends (pg_terminate_backend, a restart, a failover) is reported as an
     * 'error' event, and an EventEmitter with no listener for 'error' throws it, which ends the
     * process. pg-pool listens on idle connections itself, discards them and re-emits on the pool;
     * a checked-out connection with no query running (a transaction between statements) has no
     * listener of pg's at all, so each connection gets one of ours for its whole life. pg discards
     * the dead connection either way (https://node-postgres.com/apis/pool#error).
     */
    pool.on('error', (err) => trouble.lost(err, 'connections'));
    pool.on('connect', (client) => {
      client.on('error', (err) => trouble.lost(err, 'connections'));
      trouble.back();
    });
    return db;
  }
  let file = url ?? join(opts.dataDir, 'epcplus.sqlite');
  if (file.startsWith('sqlite:')) file = file.slice('sqlite:'.length);
  if (file !== ':memory:') mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(file);
  // The database holds password hashes and every report: the server's own user alone reads it.
  if (file !== ':memory:') chmodSync(file, 0o600);
  // WAL lets readers go on while a job writes; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  runsOnSqlite(db, cached);
  return db;
}

/**
 * How long a request waits for a connection, new or from the pool, before it is told the database
 * is not reachable. A healthy PostgreSQL accepts one in milliseconds (well under a second with TLS
 * on a busy host); a host that drops packets would otherwise keep the caller for the kernel's TCP
 * connect timeout, over two minutes on Linux.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * PostgreSQL cancels a statement that runs longer than this, freeing its locks and its core. The
 * statements the product sends (a report-list search, a daily purge) are meant to take well under
 * a second, so 30 s only ends a runaway or one stuck behind a lock, still short of a caller's
 * patience. A migration that needs longer lifts it for its own transaction
 * (`SET LOCAL statement_timeout = 0`); a process that waits over 30 s for another's migrations
 * fails to start and is started again by its supervisor.
 */
const STATEMENT_TIMEOUT_MS = 30_000;
/**
 * The client's own deadline for an answer, for the case where the server cannot cancel (it is
 * gone, or the network is): a few seconds after statement_timeout, so a slow statement normally
 * ends with PostgreSQL's clear cancellation first.
 */
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;
/** An outage logs its first failure, then at most one line this often for each place that saw it (with a count), not one a request. */
const OUTAGE_LOG_EVERY_MS = 60_000;

/** What the process writes to about its database's connections: a Fastify (pino) logger fits. */
export interface DbLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Until the app hands over its logger (logDatabaseTo): one line on standard error, as the CLI writes. */
const stderrLog: DbLog = {
  warn: (obj, msg) => console.error(msg, JSON.stringify(obj)),
  info: (obj, msg) => console.error(msg, JSON.stringify(obj)),
};

/** The outage a PostgreSQL database is in, if any, and how much of it has been logged. */
class ConnectionTrouble {
  log: DbLog = stderrLog;
  private since: number | null = null;
  private readonly lastLogged = new Map<string, { at: number; unlogged: number }>();

  lost(err: unknown, where: string): void {
    const now = Date.now();
    this.since ??= now;
    const last = this.lastLogged.get(where);
    if (last && now - last.at < OUTAGE_LOG_EVERY_MS) {
      last.unlogged++;
      return;
    }
    this.lastLogged.set(where, { at: now, unlogged: 0 });
    // The code and words only: pg hangs the connection itself (with its parameters) on the error.
    const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
    this.log.warn(
      { where, code, reason: String(message), ...(last?.unlogged ? { sinceLastLine: last.unlogged } : {}) },
      'The database is not reachable',
    );
  }

  back(): void {
    if (this.since === null) return;
    this.log.info({ outageSeconds: Math.round((Date.now() - this.since) / 1000) }, 'The database is reachable again');
    this.since = null;
    this.lastLogged.clear();
  }
}

const troubleOf = new WeakMap<object, ConnectionTrouble>();

/** Sends what the database's connections go through (lost, back again) to the app's log. */
export function logDatabaseTo(db: Db, log: DbLog): void {
  const trouble = troubleOf.get(db);
  if (trouble) trouble.log = log;
}

/** Records a call that failed for want of the database (isDatabaseUnreachable), logged as the outage allows. */
export function noteDatabaseUnreachable(db: Db | undefined, err: unknown, where: string): void {
  if (db) troubleOf.get(db)?.lost(err, where);
}

/** What a caller is told while the database cannot be reached. */
export const DATABASE_UNREACHABLE = 'The database is not reachable right now. Please try again in a moment.';

/**
 * Resolves once the database answers, and fails if it has not within `ms`: readiness must tell a
 * load balancer at once, not after a connection's own timeout.
 */
export async function databaseAnswersWithin(db: Db, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${ms} ms.`)), ms);
  });
  try {
    // Promise.race keeps a handler on the ping, so its failure after the deadline is not unhandled.
    await Promise.race([sql`select 1`.execute(db), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Connections beyond what the cores can serve only queue inside PostgreSQL (and each holds its
 * memory): two per core, so one can wait on the network while the other works, and never fewer
 * than four for the job queue beside the requests.
 */
function pgPoolSize(): number {
  return Math.max(4, 2 * availableParallelism());
}

/** Any database, typed or not: migrations see Kysely<unknown>. */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function describeDb(opts: DbOptions): string {
  return opts.databaseUrl && /^postgres/.test(opts.databaseUrl) ? 'PostgreSQL' : 'SQLite';
}

/** A write refused for a duplicate key: two requests raced to create the same row. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Runs writes that must happen together or not at all. `tx` is a Db, so every repository
 * function takes it in place of the database.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
