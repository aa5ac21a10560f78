import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isDatabaseUnreachable, noteDatabaseUnreachable, type Db } from '../db/database';
import type { JobDefinition, ScheduledJob } from './define';
import {
  bookOnce,
  claimNextReadyJob,
  hasReadyJob,
  insertJob,
  markJobDone,
  markJobFailed,
  refreshClaims,
  requeueStale,
  type ClaimableJob,
} from './repo';

/** A job's handlers with its payload read and bound in. */
interface BoundJob {
  run: () => Promise<void>;
  /** Called once when the job has failed for the last time. */
  failed?: (error: Error) => Promise<void> | void;
}

interface HandlerSet {
  /** Reads a stored payload through the job's schema; the schema's error when it does not fit. */
  bind(payload: unknown): BoundJob | z.ZodError;
  options: HandlerOptions;
}

interface HandlerOptions {
  /** Tries before the job is marked failed; each waits twice as long as the one before (2 s, 4 s, 8 s, …). */
  maxAttempts?: number;
  /** The payload holds a secret (an email's link): it is blanked once the job is done. */
  forgetPayload?: boolean;
}

export interface JobQueue {
  /** `failed` is called once when the job has failed for the last time. */
  handle<Payload>(
    job: JobDefinition<Payload>,
    run: (payload: Payload) => Promise<void>,
    failed?: (payload: Payload, error: Error) => Promise<void> | void,
    options?: HandlerOptions,
  ): void;
  /** A job run once a day across every process sharing the queue: booked now if none is, and again a day after each run. */
  daily(job: ScheduledJob, run: () => Promise<unknown>): Promise<void>;
  /** As daily, every `everyMs`. */
  every(job: ScheduledJob, everyMs: number, run: () => Promise<unknown>): Promise<void>;
  /**
   * Records a job. Given a transaction (`via`), the job becomes visible when it commits: call
   * kick() after the commit rather than wait for the next poll.
   */
  enqueue<Payload>(job: JobDefinition<Payload>, payload: Payload, runAfter?: number, via?: Db): Promise<number>;
  /** Looks for ready jobs now (after a transaction queued some). */
  kick(): void;
  /** Begins polling; jobs found running by a process that died are taken up again. */
  start(): void;
  /** Takes no more jobs; resolves when the running ones finish, or after `graceMs` (they are then taken up again elsewhere). */
  stop(graceMs?: number): Promise<void>;
  /** Ids of the jobs this process is running now. */
  runningJobs(): number[];
  /** How many jobs this process runs at once, every lane's together. */
  readonly concurrency: number;
  /** Runs every job that is ready now, then resolves (tests and benchmarks wait on it). */
  drain(): Promise<void>;
}

const POLL_MS = 1000;
/** How often drain looks again for a ready job its passes did not get, before it gives up. */
const DRAIN_ROUNDS = 100;
const DAY_MS = 24 * 3600_000;
/** A job whose claim was not refreshed for this long belongs to a process that is gone: it is queued again. */
const STALE_MS = 60_000;

/** Kinds of job that run in slots of their own (lanes in QueueOptions). */
interface QueueLane {
  kinds: readonly string[];
  /** How many of them this process claims and runs at once. */
  concurrency: number;
}

export interface QueueOptions {
  /** Jobs this process runs at once of the kinds that no lane takes. */
  concurrency?: number;
  /**
   * Kinds that run in slots of their own, each lane claiming its kinds only: a backlog of them
   * (a thousand reports to render) never holds up the other jobs (an email someone waits for),
   * and no more of them are claimed at once than their lane has slots.
   */
  lanes?: readonly QueueLane[];
  staleMs?: number;
  /** Told how long each job took (metrics). */
  onJobDone?: (kind: string, seconds: number, outcome: 'done' | 'failed') => void;
}
const MAX_ATTEMPTS = 3;

interface Lane {
  /** The kinds it claims, of those with a handler. */
  kinds: () => string[];
  slots: (Promise<void> | null)[];
}

/**
 * Background work recorded in the database, off the request path. A job is claimed by an update
 * that only one process can win, so several server processes may share the queue.
 */
export function createJobQueue(db: Db, log: FastifyBaseLogger, options: QueueOptions = {}): JobQueue {
  const staleMs = options.staleMs ?? STALE_MS;
  const handlers = new Map<string, HandlerSet>();
  let timer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const slotsFor = (n: number | undefined) => new Array<Promise<void> | null>(Math.max(1, n ?? 1)).fill(null);
  const laned = new Set((options.lanes ?? []).flatMap((lane) => lane.kinds));
  /** The lanes, and last the one for every kind no other takes; each runs up to one claiming loop per slot. */
  const lanes: Lane[] = [
    ...(options.lanes ?? []).map((lane) => ({ kinds: () => lane.kinds.filter((k) => handlers.has(k)), slots: slotsFor(lane.concurrency) })),
    { kinds: () => [...handlers.keys()].filter((k) => !laned.has(k)), slots: slotsFor(options.concurrency) },
  ];
  const concurrency = lanes.reduce((sum, lane) => sum + lane.slots.length, 0);
  const runningIds = new Set<number>();
  /** Jobs claimed so far (drain passes until a pass claims none). */
  let claims = 0;
  let stopped = true;
  let draining = false;

  /**
   * A failure of the queue's own bookkeeping. While the database is away every poll and heartbeat
   * fails: that is logged as the outage (once, then now and then), and the next tick tries again.
   */
  function logFailure(err: unknown, what: string) {
    if (isDatabaseUnreachable(err)) noteDatabaseUnreachable(db, err, 'the job queue');
    else log.error({ err }, what);
  }

  /**
   * Jobs claimed by a process that is gone (its claims went stale) are queued again: at start, on
   * each heartbeat and before a drain, not before every claim, where it was one more write for
   * every job run by every process.
   */
  async function requeueStaleJobs(): Promise<number> {
    try {
      return await requeueStale(db, Date.now() - staleMs);
    } catch (err) {
      logFailure(err, 'stale jobs not queued again');
      return 0;
    }
  }

  /** Queues stale jobs again and, if there were any, looks for ready jobs now rather than at the next poll. */
  async function takeUpStaleJobs() {
    if ((await requeueStaleJobs()) > 0 && !stopped) void pass();
  }

  /**
   * A payload its job's schema refuses fails for good without running: no retry would make it fit,
   * and no handler is given what it was not written for.
   */
  async function refuse(job: ClaimableJob, error: z.ZodError) {
    const problem = z.prettifyError(error);
    log.error({ job: job.id, kind: job.kind, problem }, 'job not run: its payload is not what its kind takes');
    options.onJobDone?.(job.kind, 0, 'failed');
    await markJobFailed(db, job.id, {
      attempts: job.attempts + 1,
      last: true,
      error: `payload not what the job takes: ${problem}`.slice(0, 2000),
      runAfter: Date.now(),
    });
  }

  async function runOne(job: ClaimableJob) {
    const handler = handlers.get(job.kind)!;
    const bound = handler.bind(JSON.parse(job.payload));
    if (bound instanceof z.ZodError) return refuse(job, bound);
    const started = performance.now();
    runningIds.add(job.id);
    try {
      await bound.run();
      await markJobDone(db, job.id, job.attempts + 1, handler.options.forgetPayload ?? false);
      options.onJobDone?.(job.kind, (performance.now() - started) / 1000, 'done');
    } catch (err) {
      options.onJobDone?.(job.kind, (performance.now() - started) / 1000, 'failed');
      const attempts = job.attempts + 1;
      const last = attempts >= (handler.options.maxAttempts ?? MAX_ATTEMPTS);
      log.error({ err, job: job.id, kind: job.kind, attempts }, last ? 'job failed for good' : 'job failed, will retry');
      await markJobFailed(db, job.id, {
        attempts,
        last,
        error: String((err as Error).message).slice(0, 2000),
        runAfter: Date.now() + 1000 * 2 ** attempts,
      });
      if (last)
        await Promise.resolve(bound.failed?.(err as Error)).catch((e: unknown) => log.error({ err: e }, 'job failure handler failed'));
    } finally {
      runningIds.delete(job.id);
    }
  }

  async function runReady(lane: Lane) {
    for (;;) {
      // Stopping: the jobs under way finish, no new one starts.
      if (stopped && !draining) return;
      const kinds = lane.kinds();
      if (!kinds.length) return;
      const job = await claimNextReadyJob(db, kinds, Date.now());
      if (job === null) return;
      claims++;
      // One job was ready, so more may be: a free slot looks at once.
      startLoop(lane);
      await runOne(job);
    }
  }

  /**
   * A claiming loop in a free slot of the lane, if it has one. Each loop that finds a job starts the
   * next, so the slots fill as fast as jobs are found, and a kick when none is ready costs one claim
   * a lane rather than one a free slot (every report created kicks).
   */
  function startLoop(lane: Lane) {
    const i = lane.slots.indexOf(null);
    if (i === -1) return;
    lane.slots[i] = runReady(lane)
      .catch((err: unknown) => logFailure(err, 'job queue pass failed'))
      .finally(() => {
        lane.slots[i] = null;
      });
  }

  /** A loop in each lane: a kick while all slots are busy is picked up by the loops themselves. */
  function pass(): Promise<void> {
    for (const lane of lanes) startLoop(lane);
    return busy();
  }

  /** Resolves once no loop runs, those started meanwhile included. */
  async function busy(): Promise<void> {
    for (;;) {
      const running = lanes.flatMap(({ slots }) => slots.filter((s) => s !== null));
      if (!running.length) return;
      await Promise.all(running);
    }
  }

  async function every(job: ScheduledJob, everyMs: number, run: () => Promise<unknown>) {
    const bound: BoundJob = {
      run: async () => {
        try {
          await run();
        } finally {
          // The next run is booked even when this one fails: a failure is retried, and it must not
          // end the daily purge or sweep until some process restarts.
          await bookOnce(db, job.kind, Date.now() + everyMs);
        }
      },
    };
    handlers.set(job.kind, { bind: () => bound, options: {} });
    await bookOnce(db, job.kind, Date.now());
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void pass().then(schedule), POLL_MS);
    timer.unref();
  }

  return {
    concurrency,
    handle(job, run, failed, options = {}) {
      handlers.set(job.kind, {
        bind(payload) {
          const read = job.schema.safeParse(payload);
          if (!read.success) return read.error;
          return { run: () => run(read.data), failed: failed && ((error) => failed(read.data, error)) };
        },
        options,
      });
    },
    daily: (job, run) => every(job, DAY_MS, run),
    every,
    async enqueue(job, payload, runAfter = Date.now(), via = db) {
      const id = await insertJob(via, job.kind, payload, runAfter);
      // A pass now would not see a job of a transaction that has not committed yet.
      if (!stopped && via === db) void pass();
      return id;
    },
    kick() {
      if (!stopped) void pass();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      heartbeat = setInterval(
        () =>
          void refreshClaims(db, [...runningIds], Date.now())
            .catch((err: unknown) => logFailure(err, 'job claims not refreshed'))
            .then(takeUpStaleJobs),
        Math.max(50, Math.floor(staleMs / 4)),
      );
      heartbeat.unref();
      void pass().then(schedule);
      // Jobs a dead process left claimed are taken up now, not at the first heartbeat.
      void takeUpStaleJobs();
    },
    async stop(graceMs = Infinity) {
      stopped = true;
      if (timer) clearTimeout(timer);
      let giveUp: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((done) => {
        if (Number.isFinite(graceMs)) giveUp = setTimeout(done, graceMs);
      });
      await Promise.race([busy(), limit]);
      clearTimeout(giveUp);
      if (heartbeat) clearInterval(heartbeat);
    },
    runningJobs: () => [...runningIds],
    async drain() {
      await busy();
      draining = true;
      try {
        await requeueStaleJobs();
        for (let round = 0; round < DRAIN_ROUNDS; round++) {
          // A job may queue another of another lane, whose loop had found nothing and ended: passes
          // until one finds nothing to run.
          for (let claimed = -1; claimed !== claims;) {
            claimed = claims;
            await pass();
          }
          // On PostgreSQL a claim skips a row another statement holds at that moment (SKIP LOCKED:
          // a stale claim being taken up, say), so a pass can find nothing while a job is ready.
          if (!(await hasReadyJob(db, [...handlers.keys()], Date.now()))) return;
        }
      } finally {
        draining = false;
      }
    },
  };
}
