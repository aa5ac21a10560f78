import type { Db } from '../../platform/db/database';

/** Records that a browser opened a report's link on a day; true when it had not that day (so the open counts). */
export async function markBrowserSeen(db: Db, reportId: number, browserHash: string, day: number): Promise<boolean> {
  const result = await db
    .insertInto('share_open_browsers')
    .values({ report_id: reportId, browser_hash: browserHash, day })
    .onConflict((oc) => oc.columns(['report_id', 'browser_hash', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Forgets which browsers opened links before this day. */
export async function forgetBrowsersBefore(db: Db, day: number): Promise<void> {
  await db.deleteFrom('share_open_browsers').where('day', '<', day).execute();
}
