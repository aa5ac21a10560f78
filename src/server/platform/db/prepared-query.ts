import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import { isPostgres, type Db } from './database';
import { nameOnServer, queryOnPool } from './server-statements';
import { queryOnSqlite } from './statement-cache';

/**
 * Stands in for a value while a query is compiled; compiled SQL carries it as a parameter, which
 * each run replaces with the value of the same name. Used in JavaScript (concatenated, compared,
 * lower-cased) it throws: such a value would be baked into the SQL of every later run.
 */
class Placeholder {
  constructor(readonly name: string) {}
  [Symbol.toPrimitive](): never {
    throw new Error(`The prepared query's value '${this.name}' was used in JavaScript: compute it before the call and pass it in.`);
  }
}

/**
 * A query that Kysely builds and compiles once per database and shape rather than on every call:
 * building and compiling took 18 % of a profile of the report list, more than SQLite took to run
 * it. `build` sees the values as placeholders: it may pass them to Kysely as values, never use
 * them in JavaScript. What changes the SQL itself (which conditions apply) is the shape, and
 * each shape is compiled once. The SQL then runs as it would through Kysely, prepared statement
 * cache included; on PostgreSQL as a named statement (server-statements.ts), parsed once on each
 * connection, unless `namedOnServer` says no for its shape, and outside a transaction straight on
 * the pool.
 */
export function preparedQuery<Shape, Values extends object, Row>(
  build: (db: Db, shape: Shape, values: Values) => Compilable<Row>,
  namedOnServer: (shape: Shape) => boolean = () => true,
): (db: Db, shape: Shape, values: Values) => Promise<Row[]> {
  const compiledByDb = new WeakMap<Db, Map<string, CompiledQuery<Row>>>();

  function compile(db: Db, shape: Shape, names: string[]): CompiledQuery<Row> {
    const placeholders = Object.fromEntries(names.map((name) => [name, new Placeholder(name)])) as unknown as Values;
    const compiled = build(db, shape, placeholders).compile();
    if (isPostgres(db) && namedOnServer(shape)) nameOnServer(compiled.sql);
    return compiled;
  }

  return async (db, shape, values) => {
    const key = JSON.stringify(shape) ?? '';
    let compiledByShape = compiledByDb.get(db);
    if (!compiledByShape) compiledByDb.set(db, (compiledByShape = new Map<string, CompiledQuery<Row>>()));
    let compiled = compiledByShape.get(key);
    if (!compiled) compiledByShape.set(key, (compiled = compile(db, shape, Object.keys(values))));
    const parameters = compiled.parameters.map((p) => (p instanceof Placeholder ? (values as Record<string, unknown>)[p.name] : p));
    const onPool = queryOnPool<Row>(db, compiled.sql, parameters);
    if (onPool) return onPool;
    const onSqlite = queryOnSqlite<Row>(db, compiled.sql, parameters);
    if (onSqlite) return onSqlite;
    const result: QueryResult<Row> = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
