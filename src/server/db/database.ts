import { chmodSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';
import { namingPool, runsOnPool } from './server-statements';

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
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
    runsOnPool(db, pool);
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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
