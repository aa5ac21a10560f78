import { inTransaction, isPostgres, type Db } from '../platform/db/database';
import type { FileStorage } from '../platform/storage/file-storage';
import { deleteSessions } from '../platform/http/sessions-repo';

export type EraseUserResult =
  | {
      erased: true;
      filesRemoved: number;
      filesLeft: string[];
      /** The sessions that ended with the user, for the servers to close their sockets now (announceEndedSessions). */
      endedSessions: string[];
    }
  | { erased: false; reason: string };

/** The money records the database keeps for ever (purchases, referral fees, payouts) block an erasure. */
async function moneyRecordsOf(db: Db, userId: number): Promise<number> {
  const counts = await Promise.all([
    db.selectFrom('purchases').select('id').where('assessor_id', '=', userId).limit(1).execute(),
    db.selectFrom('referral_fees').select('id').where('user_id', '=', userId).limit(1).execute(),
    db.selectFrom('payouts').select('id').where('user_id', '=', userId).limit(1).execute(),
  ]);
  return counts.reduce((n, rows) => n + rows.length, 0);
}

/**
 * Erases a user: their row and, by the database's cascades, their sessions, uploads, brandings,
 * reports and everything hanging from those; then the files those named.
 *
 * Lock order (PostgreSQL): the user's report rows first, in ascending id, then the user's row.
 * A render writes its report with one statement that locks the report row and then, through the
 * list-count and list-version triggers, the user's count rows and a key-share lock on the user's
 * row: report before user. A bare `DELETE FROM users` takes the user's row first and then each
 * report as its cascade reaches it, so a render between the two held one lock the other needed
 * (a deadlock PostgreSQL ends by failing one of them). Taking the reports first, as the renders
 * do, the erasure waits for a render's write to commit, or the render's write waits for the
 * erasure and then finds its report gone, which the render job takes as "erased meanwhile".
 * SQLite has one writer at a time: it needs no order.
 */
export async function eraseUser(db: Db, storage: Pick<FileStorage, 'remove'>, userId: number): Promise<EraseUserResult> {
  if ((await moneyRecordsOf(db, userId)) > 0)
    return {
      erased: false,
      reason:
        'This user has purchases, referral fees or payouts, which are kept for ever; disable them instead (user set-role EMAIL disabled).',
    };
  const erased = await inTransaction(db, async (tx) => {
    const reports = await tx
      .selectFrom('reports')
      .select(['id', 'pdf_key', 'xml1_key', 'xml2_key'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .$if(isPostgres(tx), (q) => q.forUpdate())
      .execute();
    const uploads = await tx.selectFrom('uploads').select('key').where('user_id', '=', userId).execute();
    const logos = await tx.selectFrom('brandings').select('image_key').where('user_id', '=', userId).execute();
    // Deleted by the user's cascade too; taken here so that their open sockets can be closed by name.
    const endedSessions = await deleteSessions(tx, { userId });
    const deleted = await tx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return null;
    const keys = [
      // A render finishing meanwhile stores its PDF under this key before it learns the report is gone (and then removes it).
      ...reports.flatMap((r) => [`reports/${r.id}.pdf`, r.pdf_key, r.xml1_key, r.xml2_key]),
      ...uploads.map((u) => u.key),
      ...logos.map((l) => l.image_key),
    ];
    return { keys, endedSessions };
  });
  if (!erased) return { erased: false, reason: 'No such user.' };
  // After the commit: a file removed before it could be rolled back would leave a report without its PDF.
  const keys = [...new Set(erased.keys.filter((k): k is string => Boolean(k)))];
  const filesLeft: string[] = [];
  for (const key of keys) await storage.remove(key).catch(() => filesLeft.push(key));
  return { erased: true, filesRemoved: keys.length - filesLeft.length, filesLeft, endedSessions: erased.endedSessions };
}
