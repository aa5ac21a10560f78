import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../database';

/** An auto-numbered primary key in either dialect: serial on PostgreSQL, rowid alias on SQLite. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds outgrow a 32-bit integer; SQLite's integer is 64-bit already. */
export const TIME = 'bigint' as const;
