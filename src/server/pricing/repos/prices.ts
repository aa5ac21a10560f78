import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PricesTable } from '../../platform/db/schema';

/** The prices table, one row per change: every query of it lives here. */
export type PriceRow = Selectable<PricesTable>;

export function latestPriceRow(db: Db): Promise<PriceRow | undefined> {
  return db.selectFrom('prices').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertPriceRow(db: Db, row: Insertable<PricesTable>): Promise<number> {
  const { id } = await db.insertInto('prices').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Every change, newest first. */
export function priceHistory(db: Db): Promise<PriceRow[]> {
  return db.selectFrom('prices').selectAll().orderBy('id', 'desc').execute();
}
