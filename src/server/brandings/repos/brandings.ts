import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { BrandingsTable } from '../../platform/db/schema';

/** The brandings table: every query of it lives here. */
export type BrandingRow = Selectable<BrandingsTable>;
export interface BrandingFields {
  company_name: string;
  colour: string;
  image_key: string;
}

export function usersBrandings(db: Db, userId: number): Promise<BrandingRow[]> {
  return db.selectFrom('brandings').selectAll().where('user_id', '=', userId).execute();
}

/** The user's own branding; another user's id reads as missing. */
export function findUsersBranding(db: Db, userId: number, id: number): Promise<BrandingRow | undefined> {
  return db.selectFrom('brandings').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function findBranding(db: Db, id: number): Promise<BrandingRow | undefined> {
  return db.selectFrom('brandings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether one of the user's brandings shows this stored logo. */
export async function usersBrandingShows(db: Db, userId: number, imageKey: string): Promise<boolean> {
  return (
    (await db.selectFrom('brandings').select('id').where('user_id', '=', userId).where('image_key', '=', imageKey).executeTakeFirst()) !==
    undefined
  );
}

/** Whether any branding shows this stored logo. */
export async function anyBrandingShows(db: Db, imageKey: string): Promise<boolean> {
  return (await db.selectFrom('brandings').select('id').where('image_key', '=', imageKey).executeTakeFirst()) !== undefined;
}

export async function insertBranding(db: Db, userId: number, fields: BrandingFields, now: number): Promise<number> {
  const { id } = await db
    .insertInto('brandings')
    .values({ user_id: userId, ...fields, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateBranding(db: Db, id: number, fields: BrandingFields, now: number): Promise<void> {
  await db
    .updateTable('brandings')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteBranding(db: Db, id: number): Promise<void> {
  await db.deleteFrom('brandings').where('id', '=', id).execute();
}
