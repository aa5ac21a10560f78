import type { Db } from '../db/database';
import { JOB_STATUS } from './job-status';

export interface ClaimableJob {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
}

/** Jobs claimed before `before` by a process that is gone are queued again. */
export async function requeueStale(db: Db, before: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: JOB_STATUS.queued, locked_at: null })
    .where('status', '=', JOB_STATUS.running)
    .where('locked_at', '<', before)
    .execute();
}

/** The oldest ready jobs of these kinds, up to `limit`. */
export function nextReadyJobs(db: Db, kinds: string[], now: number, limit: number): Promise<ClaimableJob[]> {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind', 'payload', 'attempts'])
    .where('status', '=', JOB_STATUS.queued)
    .where('run_after', '<=', now)
    .where('kind', 'in', kinds)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks the job running; false when another process claimed it first (only one update can win). */
export async function claimJob(db: Db, id: number, now: number): Promise<boolean> {
  const won = await db
    .updateTable('jobs')
    .set({ status: JOB_STATUS.running, locked_at: now })
    .where('id', '=', id)
    .where('status', '=', JOB_STATUS.queued)
    .executeTakeFirst();
  return Number(won.numUpdatedRows) === 1;
}

export async function markJobDone(db: Db, id: number, attempts: number, forgetPayload: boolean): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: JOB_STATUS.done, locked_at: null, attempts, ...(forgetPayload ? { payload: 'null' } : {}) })
    .where('id', '=', id)
    .execute();
}

/** A failed try: queued again after `runAfter`, or failed for good when `last`. */
export async function markJobFailed(
  db: Db,
  id: number,
  update: { attempts: number; last: boolean; error: string; runAfter: number },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: update.last ? JOB_STATUS.failed : JOB_STATUS.queued,
      attempts: update.attempts,
      locked_at: null,
      last_error: update.error,
      run_after: update.runAfter,
    })
    .where('id', '=', id)
    .execute();
}

/** Records a job; given a transaction, it exists once that commits. */
export async function insertJob(db: Db, kind: string, payload: unknown, runAfter: number): Promise<number> {
  const { id } = await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload),
      status: JOB_STATUS.queued,
      run_after: runAfter,
      locked_at: null,
      last_error: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Whether a job of this kind is waiting or under way (daily jobs book themselves once). */
export async function hasOpenJob(db: Db, kind: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
    .executeTakeFirst();
  return row !== undefined;
}
