import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SurveyError, type Survey } from '../../surveys/epc/survey';
import type { PoolAnswer, PoolTask, RenderTask, ThreadNote, ThreadOptions } from './render-task';

export interface RenderPool {
  /** Draws the PDF on a pool thread; a thread that dies mid-render is replaced and the render tried once more there. */
  render(task: RenderTask): Promise<Buffer>;
  /**
   * Reads file A on a pool thread, ahead of the renders waiting (after the reads waiting): an
   * assessor waits for it, and a large file takes the event loop no time. Throws SurveyError for a
   * file that is not a survey we can read. Answers the survey and the JSON it is kept as.
   */
  readSurvey(xml: Uint8Array): Promise<{ survey: Survey; json: string }>;
  /** Checks file B against file A the same way, on a pool thread: throws SurveyError unless it is of A's property. */
  checkSurveyB(xml: Uint8Array, a: Survey): Promise<void>;
  /**
   * How many renders the pool runs at once. The job queue claims two render jobs per thread (app.ts),
   * so no more than this many renders wait here, and a survey read waits for one render at most.
   */
  readonly size: number;
  /** The live threads (tests end one mid-render, as a crash would). */
  readonly threads: readonly Worker[];
  /**
   * Starts every thread now and has each run `tasks` `times` times over while it has nothing else
   * to do, so the first real renders and survey reads do not pay for loading and compiling their
   * code (a cold thread's first renders take several times as long, and a thread warmed on renders
   * only still compiles the survey reader during the first uploads). Real tasks always go first.
   * Resolves once done.
   */
  warm(tasks: readonly PoolTask[], times?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * One thread per core but one, from two to four: on a machine of two cores both render, and requests
 * get a core first because the threads run at a lower priority (RENDER_NICE).
 */
const RENDER_THREADS = Math.max(2, Math.min(4, availableParallelism() - 1));
/** A render whose thread died is tried on a fresh one once; a second death fails the job (the queue retries it later). */
const TRIES = 2;
/** About as many renders (and survey reads) as a thread takes to reach its steady speed. */
const WARM_UP_ROUNDS = 20;
/**
 * The threads' nice value: the event loop stays at the process's own (0), so a request waiting for
 * a core gets it ahead of the renders, which keep every core busy otherwise (render-worker.ts). It
 * orders the threads of this process only: the kernel weighs each session's or service's group of
 * processes as a whole (sched(7), "The autogroup feature"), so a worker process beside web processes
 * is held back by its service's CPU weight, not by this.
 */
const RENDER_NICE = 10;

export interface RenderPoolOptions {
  /** The threads' nice value (0: as the event loop's); RENDER_NICE unless given. */
  nice?: number;
  /** Told once when a thread could not lower its priority, and why. */
  warn?: (message: string) => void;
}

interface Pending {
  task: PoolTask;
  tries: number;
  /** A warm-up task: its answer is dropped, and it is not tried again if its thread dies. */
  warmUp?: boolean;
  /** Someone waits for it (a survey read): it goes before the renders waiting, after others like it. */
  ahead?: boolean;
  resolve(answer: PoolAnswer): void;
  reject(err: Error): void;
}

/**
 * The worker's file beside this one, with this file's own extension: `.ts` when run from source
 * (tsx, jest), `.js` once compiled. From source the thread loads tsx first to read TypeScript.
 */
function startThread(workerData: ThreadOptions): Worker {
  const ext = extname(__filename);
  const entry = join(__dirname, `render-worker${ext}`);
  if (ext !== '.ts') return new Worker(entry, { workerData });
  const tsx = require.resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(entry)});`, { eval: true, workerData });
}

/**
 * PDF renders and survey reads off the event loop, `size` at a time; threads start on first use
 * and stay.
 */
export function createRenderPool(size = RENDER_THREADS, options: RenderPoolOptions = {}): RenderPool {
  const threadOptions: ThreadOptions = { nice: options.nice ?? RENDER_NICE };
  let warnedOfPriority = false;
  const idle: Worker[] = [];
  const threads = new Set<Worker>();
  const busy = new Map<Worker, Pending>();
  const waiting: Pending[] = [];
  let closed = false;
  /** Warm-up tasks each thread has still to run, and what to run. */
  const warmUpsLeft = new Map<Worker, number>();
  let warmUp: { tasks: readonly PoolTask[]; times: number; done: () => void; finished: Promise<void> } | null = null;

  function dispatch() {
    while (!closed && waiting.length && (idle.length || threads.size < size)) run(idle.pop() ?? spawn(), waiting.shift()!);
    if (!warmUp) return;
    // Only threads with nothing real to do draw warm-ups, one at a time.
    for (const thread of [...idle]) {
      const left = warmUpsLeft.get(thread) ?? 0;
      if (closed || left === 0) continue;
      warmUpsLeft.set(thread, left - 1);
      idle.splice(idle.indexOf(thread), 1);
      run(thread, { task: warmUp.tasks[left % warmUp.tasks.length], tries: 0, warmUp: true, resolve: () => {}, reject: () => {} });
    }
    finishWarmUp();
  }

  function finishWarmUp() {
    if (!warmUp) return;
    const under = closed ? 0 : [...warmUpsLeft.values()].reduce((a, b) => a + b, 0) + [...busy.values()].filter((j) => j.warmUp).length;
    if (under > 0) return;
    const { done } = warmUp;
    warmUp = null;
    warmUpsLeft.clear();
    done();
  }

  function spawn(): Worker {
    const thread = startThread(threadOptions);
    threads.add(thread);
    // A thread that replaces one warms up too.
    if (warmUp) warmUpsLeft.set(thread, warmUp.times * warmUp.tasks.length);
    thread.on('message', (answer: PoolAnswer | ThreadNote) => {
      if ('priorityNotLowered' in answer) {
        // Every thread would say the same: once is enough.
        if (!warnedOfPriority) options.warn?.(`PDF render threads run at the event loop's priority: ${answer.priorityNotLowered}`);
        warnedOfPriority = true;
        return;
      }
      const job = busy.get(thread);
      if (!job) return;
      busy.delete(thread);
      thread.unref();
      idle.push(thread);
      if ('error' in answer) job.reject(new Error(answer.error));
      else job.resolve(answer);
      dispatch();
    });
    // An error is followed by an exit: the thread is gone either way, idle or busy.
    let failure: Error | null = null;
    thread.on('error', (err) => (failure = err));
    thread.on('exit', (code) => {
      threads.delete(thread);
      warmUpsLeft.delete(thread);
      const at = idle.indexOf(thread);
      if (at >= 0) idle.splice(at, 1);
      const job = busy.get(thread);
      busy.delete(thread);
      if (job && !job.warmUp) {
        if (job.tries < TRIES && !closed) waiting.unshift(job);
        else job.reject(failure ?? new Error(`The render pool's thread ended (exit code ${code}).`));
      }
      dispatch();
    });
    return thread;
  }

  /** Queues a task, last or ahead of the renders waiting, and answers what its thread answers. */
  function take(job: Omit<Pending, 'resolve' | 'reject'>): Promise<PoolAnswer> {
    if (closed) return Promise.reject(new Error('The render pool is closed.'));
    return new Promise<PoolAnswer>((resolve, reject) => {
      const behind = job.ahead ? waiting.findIndex((w) => !w.ahead) : -1;
      waiting.splice(behind === -1 ? waiting.length : behind, 0, { ...job, resolve, reject });
      dispatch();
    });
  }

  function run(thread: Worker, job: Pending) {
    job.tries++;
    busy.set(thread, job);
    // A busy thread keeps the process alive until its PDF is back; an idle one does not.
    thread.ref();
    thread.postMessage(job.task);
  }

  return {
    size,
    get threads() {
      return [...threads];
    },
    async render(task) {
      const answer = await take({ task, tries: 0 });
      if (!('pdf' in answer)) throw new Error('The render pool answered a PDF task with no PDF.');
      return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
    },
    async readSurvey(xml) {
      const answer = await take({ task: { kind: 'survey-a', xml }, tries: 0, ahead: true });
      if ('notASurvey' in answer) throw new SurveyError(answer.notASurvey);
      if (!('surveyJson' in answer)) throw new Error('The render pool answered file A with no survey.');
      return { survey: JSON.parse(answer.surveyJson) as Survey, json: answer.surveyJson };
    },
    async checkSurveyB(xml, a) {
      const answer = await take({ task: { kind: 'survey-b', xml, a }, tries: 0, ahead: true });
      if ('notASurvey' in answer) throw new SurveyError(answer.notASurvey);
      if (!('sameProperty' in answer)) throw new Error('The render pool answered file B with no check.');
    },
    warm(tasks, times = WARM_UP_ROUNDS) {
      if (closed || tasks.length === 0) return Promise.resolve();
      if (warmUp) return warmUp.finished;
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      warmUp = { tasks, times, done, finished };
      for (let i = threads.size; i < size; i++) idle.push(spawn());
      for (const thread of threads) warmUpsLeft.set(thread, times * tasks.length);
      dispatch();
      return finished;
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('The render pool is closed.'));
      finishWarmUp();
      await Promise.all([...threads].map((t) => t.terminate()));
    },
  };
}
