import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { claimJob, insertJob, markJobDone, markJobFailed, nextReadyJobs, requeueStale, type ClaimableJob } from './repo';

type Handler = (payload: unknown) => Promise<void>;
interface HandlerSet {
  run: Handler;
  /** Called once when the job has failed for the last time. */
  failed?: (payload: unknown, error: Error) => Promise<void> | void;
  options: HandlerOptions;
}

export interface HandlerOptions {
  /** Tries before the job is marked failed; each waits twice as long as the one before (2 s, 4 s, 8 s, …). */
  maxAttempts?: number;
  /** The payload holds a secret (an email's link): it is blanked once the job is done. */
  forgetPayload?: boolean;
}

export interface JobQueue {
  handle(kind: string, run: Handler, failed?: HandlerSet['failed'], options?: HandlerOptions): void;
  /**
   * Records a job. Given a transaction (`via`), the job becomes visible when it commits: call
   * kick() after the commit rather than wait for the next poll.
   */
  enqueue(kind: string, payload: unknown, runAfter?: number, via?: Db): Promise<number>;
  /** Looks for ready jobs now (after a transaction queued some). */
  kick(): void;
  /** Begins polling; jobs found running by a process that died are taken up again. */
  start(): void;
  stop(): Promise<void>;
  /** Runs every job that is ready now, then resolves (tests and benchmarks wait on it). */
  drain(): Promise<void>;
}

const POLL_MS = 1000;
/** A job claimed this long ago by a process that is gone is queued again. */
const STALE_MS = 60_000;
const MAX_ATTEMPTS = 3;

/**
 * Background work recorded in the database, off the request path. A job is claimed by an update
 * that only one process can win, so several server processes may share the queue. Up to
 * `concurrency` jobs run at once (renders run on that many threads); ten reports created together
 * do not wait for each other's PDF.
 */
export function createJobQueue(db: Db, log: FastifyBaseLogger, concurrency = 1): JobQueue {
  const handlers = new Map<string, HandlerSet>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;
  /** Wakes a pass waiting on its jobs: a job queued meanwhile may take a free place at once. */
  let wake: (() => void) | null = null;

  /** Claims up to `free` ready jobs; those another process claimed first (`lost`) are left to it. */
  async function claimReady(now: number, free: number): Promise<{ claimed: ClaimableJob[]; lost: number }> {
    const candidates = await nextReadyJobs(db, [...handlers.keys()], now, free);
    const claimed: ClaimableJob[] = [];
    for (const job of candidates) if (await claimJob(db, job.id, now)) claimed.push(job);
    return { claimed, lost: candidates.length - claimed.length };
  }

  async function runOne(job: ClaimableJob) {
    const handler = handlers.get(job.kind)!;
    const payload = JSON.parse(job.payload) as unknown;
    try {
      await handler.run(payload);
      await markJobDone(db, job.id, job.attempts + 1, handler.options.forgetPayload ?? false);
    } catch (err) {
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
        await Promise.resolve(handler.failed?.(payload, err as Error)).catch((e: unknown) =>
          log.error({ err: e }, 'job failure handler failed'),
        );
    }
  }

  async function runReady() {
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      const now = Date.now();
      await requeueStale(db, now - STALE_MS);
      const free = concurrency - inFlight.size;
      const { claimed, lost } = free > 0 ? await claimReady(now, free) : { claimed: [], lost: 0 };
      for (const job of claimed) {
        const run: Promise<void> = runOne(job)
          .catch((err: unknown) => log.error({ err, job: job.id, kind: job.kind }, 'job bookkeeping failed'))
          .finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
      // Jobs another process won may hide more ready behind them: look again before resting.
      if (lost) continue;
      if (!inFlight.size) return;
      if (!claimed.length || inFlight.size >= concurrency)
        await Promise.race([...inFlight, new Promise<void>((resolve) => (wake = resolve))]);
      wake = null;
    }
  }

  /** One pass at a time: a kick during a pass wakes the pass's own loop. */
  function pass(): Promise<void> {
    wake?.();
    running ??= runReady()
      .catch((err) => log.error({ err }, 'job queue pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void pass().then(schedule), POLL_MS);
    timer.unref();
  }

  return {
    handle(kind, run, failed, options = {}) {
      handlers.set(kind, { run, failed, options });
    },
    async enqueue(kind, payload, runAfter = Date.now(), via = db) {
      const id = await insertJob(via, kind, payload, runAfter);
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
      void pass().then(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    async drain() {
      await running;
      await pass();
    },
  };
}
