import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isDatabaseUnreachable, noteDatabaseUnreachable, type Db } from '../db/database';
import type { JobDefinition, ScheduledJob } from './define';
import { bookOnce, claimNextReadyJob, insertJob, markJobDone, markJobFailed, refreshClaims, requeueStale, type ClaimableJob } from './repo';

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
  /** How many jobs this process runs at once. */
  readonly concurrency: number;
  /** Runs every job that is ready now, then resolves (tests and benchmarks wait on it). */
  drain(): Promise<void>;
}

const POLL_MS = 1000;
const DAY_MS = 24 * 3600_000;
/** A job whose claim was not refreshed for this long belongs to a process that is gone: it is queued again. */
const STALE_MS = 60_000;

export interface QueueOptions {
  /** Jobs this process runs at once (WORKER_CONCURRENCY). */
  concurrency?: number;
  staleMs?: number;
  /** Told how long each job took (metrics). */
  onJobDone?: (kind: string, seconds: number, outcome: 'done' | 'failed') => void;
}
const MAX_ATTEMPTS = 3;

/**
 * Background work recorded in the database, off the request path. A job is claimed by an update
 * that only one process can win, so several server processes may share the queue.
 */
export function createJobQueue(db: Db, log: FastifyBaseLogger, options: QueueOptions = {}): JobQueue {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const staleMs = options.staleMs ?? STALE_MS;
  const handlers = new Map<string, HandlerSet>();
  let timer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const slots: (Promise<void> | null)[] = new Array<Promise<void> | null>(concurrency).fill(null);
  const runningIds = new Set<number>();
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

  async function runReady() {
    for (;;) {
      // Stopping: the jobs under way finish, no new one starts.
      if (stopped && !draining) return;
      const job = await claimNextReadyJob(db, [...handlers.keys()], Date.now());
      if (job === null) return;
      await runOne(job);
    }
  }

  /** One loop per slot: a kick while all are busy is picked up by the loops themselves. */
  function pass(): Promise<void> {
    for (let i = 0; i < slots.length; i++) {
      slots[i] ??= runReady()
        .catch((err: unknown) => logFailure(err, 'job queue pass failed'))
        .finally(() => {
          slots[i] = null;
        });
    }
    return busy();
  }

  const busy = () => Promise.all(slots.filter((s) => s !== null)).then(() => undefined);

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
        await pass();
      } finally {
        draining = false;
      }
    },
  };
}
