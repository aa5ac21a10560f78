import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct statements stay prepared: the app's queries number in the low hundreds. */
const STATEMENT_CACHE_SIZE = 500;

export interface CachingSqlite extends SqliteDatabase {
  /** Statements held prepared now (never more than the cache's size). */
  readonly cachedStatements: number;
  /** A transaction is open on the connection: Kysely's, between two of its statements. */
  readonly inTransaction: boolean;
}

/**
 * A query's rows as Kysely expects them, one object per row. better-sqlite3 builds those objects
 * slowly (93 µs for the list's 20 rows of 11 columns, against 31 µs for the same rows as arrays),
 * so rows are read as arrays and named here. Each statement gets a function that writes its row
 * as one object literal: a loop assigning names one by one ran at one site for every statement,
 * which V8 cannot specialise (6 µs for the list's rows, against 0.4 µs). The names are SQL
 * column names, written into the function as JSON strings, so no name can be code ("__proto__"
 * as a computed key, which makes it a field rather than the prototype); a name that appears
 * twice keeps its last value, as better-sqlite3's own objects do.
 */
function rowNamer(names: string[]): (row: unknown[]) => Record<string, unknown> {
  const fields = names
    .map((name, i) => (name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name)) + `: row[${i}]`)
    .join(', ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- built from JSON-quoted column names only
  return new Function('row', `return { ${fields} };`) as (row: unknown[]) => Record<string, unknown>;
}

function rowsNamedInJs(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const named = rowNamer(statement.columns().map((c) => c.name));
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(named),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) yield named(row);
    },
  };
}

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares every query it
 * runs: a profile of the report list spent 18 % of its time there. The same SQL text always
 * compiles to the same statement, so the least recently used ones are kept, up to `size`.
 * Kysely only calls all() and run() (one at a time, on one connection), so a kept statement is
 * never busy when it is handed out again.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): CachingSqlite {
  const statements = new Map<string, SqliteStatement>();
  return {
    get cachedStatements() {
      return statements.size;
    },
    get inTransaction() {
      return sqlite.inTransaction;
    },
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept) {
        // A Map iterates in insertion order: re-inserting marks it the most recently used.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = rowsNamedInJs(sqlite.prepare(sql));
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/** The connection under each database createDb made over SQLite. */
const sqliteOfDatabase = new WeakMap<object, CachingSqlite>();

/** Records the connection createDb made the database over. */
export function runsOnSqlite(db: object, sqlite: CachingSqlite): void {
  sqliteOfDatabase.set(db, sqlite);
}

/**
 * Runs the SQL straight on the database's SQLite connection, as Kysely's driver runs it there:
 * null for a transaction, a single connection or PostgreSQL, and while a transaction is open on
 * the connection. Kysely queues each query for the one connection behind a lock (a few promises
 * a query: about 5 of the 9 µs a session read took, 20 000 reads in a loop), but a statement of
 * better-sqlite3 runs whole before anything else can, so only an open transaction, which holds
 * the connection across awaits, must be waited for: a statement run inside it would see its
 * uncommitted writes (better-sqlite3's Database#inTransaction tells).
 */
export function queryOnSqlite<Row>(db: object, sql: string, parameters: readonly unknown[]): Row[] | null {
  const sqlite = sqliteOfDatabase.get(db);
  if (!sqlite || sqlite.inTransaction) return null;
  const statement = sqlite.prepare(sql);
  if (statement.reader) return statement.all(parameters) as Row[];
  statement.run(parameters);
  return [];
}
