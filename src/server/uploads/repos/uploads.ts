import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { UploadsTable } from '../../platform/db/schema';

/** The uploads table: every query of it lives here. */
export type UploadRow = Selectable<UploadsTable>;
export type CheckedAs = NonNullable<UploadRow['checked_as']>;

export async function insertUpload(db: Db, upload: Insertable<UploadsTable>): Promise<void> {
  await db.insertInto('uploads').values(upload).execute();
}

export function findUploadByTokenHash(db: Db, tokenHash: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The user's own upload whose bytes have arrived; another user's key reads as missing. */
export function findUsersUploadedFile(db: Db, userId: number, key: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('key', '=', key)
    .where('user_id', '=', userId)
    .where('uploaded_at', 'is not', null)
    .executeTakeFirst();
}

/** The user's own upload by key, checked or not. */
export function findUsersUpload(db: Db, userId: number, key: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('key', '=', key).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Records the bytes' arrival; false when the address expired or was used already (only one
 * PUT can win, even two at once).
 */
export async function claimUploadAddress(db: Db, id: number, size: number, now: number): Promise<boolean> {
  const claimed = await db
    .updateTable('uploads')
    .set({ uploaded_at: now, size })
    .where('id', '=', id)
    .where('uploaded_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The address works again: the bytes could not be kept. */
export async function releaseUploadAddress(db: Db, id: number): Promise<void> {
  await db.updateTable('uploads').set({ uploaded_at: null, size: null }).where('id', '=', id).execute();
}

/** The follow-up's verdict: which file it is, and what was read from it. */
export async function markUploadChecked(db: Db, id: number, checkedAs: CheckedAs, parsed?: string): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ checked_as: checkedAs, ...(parsed !== undefined ? { parsed } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function deleteUpload(db: Db, id: number): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/** What the newest checked file A of the user (or the one with this key) read, as JSON. */
export async function latestParsedSurveyA(db: Db, userId: number, key?: string): Promise<string | null> {
  const row = await db
    .selectFrom('uploads')
    .select('parsed')
    .where('user_id', '=', userId)
    .where('checked_as', '=', 'A')
    .$if(Boolean(key), (q) => q.where('key', '=', key!))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.parsed ?? null;
}

/** The user's file B with this key, if it passed its check. */
export async function findUsersCheckedFileB(db: Db, userId: number, key: string): Promise<string | undefined> {
  return (
    await db
      .selectFrom('uploads')
      .select('key')
      .where('key', '=', key)
      .where('user_id', '=', userId)
      .where('checked_as', '=', 'B')
      .executeTakeFirst()
  )?.key;
}

/** Uploads of the user since `since` that were never checked. */
export function uncheckedUploadsSince(db: Db, userId: number, since: number) {
  return db
    .selectFrom('uploads')
    .select(['uploaded_at', 'expires_at', 'size'])
    .where('user_id', '=', userId)
    .where('checked_as', 'is', null)
    .where('created_at', '>', since)
    .execute();
}

export function uploadsCreatedBefore(db: Db, cutoff: number) {
  return db.selectFrom('uploads').select(['id', 'key', 'kind', 'parsed']).where('created_at', '<', cutoff).execute();
}
