import type { Db } from '../../platform/db/database';

/** The settings table (the operator's named values, e.g. prices): every query of it lives here. */

export async function readSettings(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
  await db.insertInto('settings').values({ key, value }).execute();
}
