import { sql } from 'kysely';
import { isPostgres, type Db } from '../db/database';
import { JOB_STATUS } from '../db/job-status';

export interface ClaimableJob {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
}

/** Jobs claimed before `before` by a process that is gone are queued again; answers how many. */
export async function requeueStale(db: Db, before: number): Promise<number> {
  const { numUpdatedRows } = await db
    .updateTable('jobs')
    .set({ status: JOB_STATUS.queued, locked_at: null })
    .where('status', '=', JOB_STATUS.running)
    .where('locked_at', '<', before)
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

/**
 * Claims the oldest ready job of these kinds in one statement; null when there is none. On
 * PostgreSQL rows other workers are claiming are skipped rather than waited for (FOR UPDATE SKIP
 * LOCKED), so many workers never queue on one row; SQLite runs one write at a time, so the
 * statement alone decides. Either way two claimers never win the same job, and a loser is never
 * told of a job it did not get.
 */
export async function claimNextReadyJob(db: Db, kinds: string[], now: number): Promise<ClaimableJob | null> {
  const claimed = await db
    .updateTable('jobs')
    .set({ status: JOB_STATUS.running, locked_at: now })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', JOB_STATUS.queued)
        .where('run_after', '<=', now)
        .where('kind', 'in', kinds)
        .orderBy('id')
        .limit(1)
        .$if(isPostgres(db), (q) => q.modifyEnd(sql`for update skip locked`)),
    )
    .where('status', '=', JOB_STATUS.queued)
    .returning(['id', 'kind', 'payload', 'attempts'])
    .executeTakeFirst();
  return claimed ?? null;
}

/** Whether a job of these kinds waits, ready to be claimed. */
export async function hasReadyJob(db: Db, kinds: string[], now: number): Promise<boolean> {
  if (!kinds.length) return false;
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', JOB_STATUS.queued)
    .where('kind', 'in', kinds)
    .where('run_after', '<=', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The claims of running jobs stay fresh while their process lives; a dead process's go stale. */
export async function refreshClaims(db: Db, ids: number[], now: number): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('jobs').set({ locked_at: now }).where('id', 'in', ids).where('status', '=', JOB_STATUS.running).execute();
}

/**
 * A daily job is booked once across all processes: after booking, every queued copy but the
 * oldest is removed, so processes that booked at the same moment end with one between them.
 */
export async function bookOnce(db: Db, kind: string, runAfter: number): Promise<void> {
  const queuedIds = async () => {
    const rows = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .where('status', '=', JOB_STATUS.queued)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  };
  if (!(await queuedIds()).length) await insertJob(db, kind, {}, runAfter);
  const extra = (await queuedIds()).slice(1);
  if (extra.length) await db.deleteFrom('jobs').where('id', 'in', extra).where('status', '=', JOB_STATUS.queued).execute();
}

/** Jobs waiting to run: how many, and since when the oldest ready one waits (metrics). */
export async function queueDepth(db: Db, now: number): Promise<{ queued: number; running: number; oldestReadyAt: number | null }> {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.min('run_after').as('oldest')])
    .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
    .where('run_after', '<=', now)
    .groupBy('status')
    .execute();
  const of = (status: string) => rows.find((r) => r.status === status);
  const oldest = of(JOB_STATUS.queued)?.oldest;
  return {
    queued: Number(of(JOB_STATUS.queued)?.n ?? 0),
    running: Number(of(JOB_STATUS.running)?.n ?? 0),
    oldestReadyAt: oldest == null ? null : Number(oldest),
  };
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
/** Whether a job of this kind and payload is queued (new, or waiting to retry), so that one more would only repeat it. */
export async function isJobWaiting(db: Db, kind: string, payload: unknown): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('payload', '=', JSON.stringify(payload))
    .where('status', '=', JOB_STATUS.queued)
    .executeTakeFirst();
  return row !== undefined;
}

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
