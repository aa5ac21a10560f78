import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared-query';

/** The sessions table (with the user a session belongs to): every query of it lives here. */

export async function insertSession(db: Db, tokenHash: string, userId: number, now: number): Promise<void> {
  await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, created_at: now, last_seen_at: now }).execute();
}

/**
 * A session with its user, by its token's hash. It also reads the version of the user's report
 * lists (migration 012), so a list call can tell whether a page it answered before is still the
 * same without another round trip. Exported for the throughput bench, whose floor runs this SQL.
 */
export const sessionWithUserQuery = (db: Db, v: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('report_list_versions', 'report_list_versions.user_id', 'sessions.user_id')
    .select((eb) => [
      'sessions.created_at',
      'sessions.last_seen_at',
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.scheme',
      eb.fn.coalesce('report_list_versions.version', eb.lit(0)).as('list_version'),
    ])
    .where('sessions.token_hash', '=', v.tokenHash);

/** Every logged-in request asks for its session: compiled once. */
const sessionWithUser = preparedQuery((db, _shape: null, v: { tokenHash: string }) => sessionWithUserQuery(db, v));

/** A session and the user it belongs to, by its token's hash. */
export async function findSessionWithUser(db: Db, tokenHash: string) {
  const [row] = await sessionWithUser(db, null, { tokenHash });
  return row;
}

/** The given sessions that still exist, with their user's role. */
export function findSessionsWithRole(db: Db, tokenHashes: string[]) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.token_hash', 'sessions.created_at', 'sessions.last_seen_at', 'users.role'])
    .where('sessions.token_hash', 'in', tokenHashes)
    .execute();
}

export async function touchSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
}

/**
 * Deletes sessions — of a user, or one by its token, optionally keeping one — and answers the
 * token hashes of those that ended.
 */
export async function deleteSessions(db: Db, which: { userId?: number; tokenHash?: string; keepTokenHash?: string }): Promise<string[]> {
  const ended = await db
    .deleteFrom('sessions')
    .$if(which.userId !== undefined, (q) => q.where('user_id', '=', which.userId!))
    .$if(which.tokenHash !== undefined, (q) => q.where('token_hash', '=', which.tokenHash!))
    .$if(which.keepTokenHash !== undefined, (q) => q.where('token_hash', '!=', which.keepTokenHash!))
    .returning('token_hash')
    .execute();
  return ended.map((r) => r.token_hash);
}
