import { fork, type ChildProcess } from 'node:child_process';
import { extname, join } from 'node:path';
import { LogoError } from './logo-error';
import type { LogoType } from './sniff';
import type { LogoPng } from './to-png';
import { OVER_MEMORY_EXIT_CODE, type ConvertAnswer } from './converter-messages';

/*
 * Why a child process, not a worker thread: sharp runs each conversion as a task on libuv's thread
 * pool, and that pool belongs to the whole process, worker threads included. Measured: while a
 * worker thread converted four slow SVGs, a 1-iteration pbkdf2 on the main thread (the pool that
 * argon2 logins and fs reads use) waited 29.9 s; and terminating a worker does not stop a native
 * task already on a pool thread. A child process has its own pool and its own libvips threads,
 * and SIGKILL ends whatever librsvg is doing, at once.
 */

export interface LogoConverterOptions {
  /** How long one conversion may take before its process is killed and the file refused. */
  deadlineMs?: number;
  /** Conversions at once, one process each. */
  concurrency?: number;
  /** Conversions that may wait for a process; beyond them an upload is told to try again. */
  maxWaiting?: number;
  /** How long a conversion may wait for a process before it is told to try again. */
  maxWaitMs?: number;
  /** Resident memory at which a converter process ends itself (libvips' memory is native: no V8 flag bounds it). */
  memoryLimitBytes?: number;
  /** How long a new process may take to load sharp and say it is ready. */
  startDeadlineMs?: number;
}

/** A real logo (a 1 MB photo of a letterhead, a designer's SVG) converts in well under a second. */
const LOGO_DEADLINE_MS = 10_000;
const DEFAULTS: Required<LogoConverterOptions> = {
  deadlineMs: LOGO_DEADLINE_MS,
  // Logos are uploaded rarely: one at a time keeps a core for everything else, whatever the files.
  concurrency: 1,
  maxWaiting: 8,
  // Waiting and converting stay within the 30 s a browser or proxy commonly allows a request.
  maxWaitMs: 15_000,
  memoryLimitBytes: 1024 ** 3,
  startDeadlineMs: 30_000,
};
/** A process still busy this long after its deadline was not ended by its kill: the converter is stuck. */
const STUCK_AFTER_DEADLINE_MS = 5_000;

/** Every converter process is busy and the queue is full, or the wait ran out: the upload may try again. */
export class LogoConverterBusy extends Error {
  constructor() {
    super('Many logos are being converted at the moment. Please try again in a minute.');
  }
}

export interface LogoConverter {
  /** Checks and converts an upload in a converter process: a LogoError for the uploader, LogoConverterBusy, or the PNG. */
  toPng(data: Buffer, type: LogoType): Promise<LogoPng>;
  /** Why the converter cannot take logos now (for /api/ready), or null. */
  problem(): string | null;
  /** The processes running now (tests check that a killed one is replaced). */
  readonly processIds: number[];
  /** Takes no more logos, lets those converting finish (within their deadline), then ends its processes. */
  close(): Promise<void>;
}

interface Job {
  data: Buffer;
  type: LogoType;
  resolve(png: LogoPng): void;
  reject(err: Error): void;
  waitTimer?: NodeJS.Timeout;
}

interface Converter {
  child: ChildProcess;
  ready: boolean;
  job: Job | null;
  jobId: number;
  /** When the current job was handed over (for the deadline and for readiness). */
  sentAt: number;
  timer: NodeJS.Timeout | null;
  killedFor: 'deadline' | 'start' | 'close' | 'channel' | null;
  exited: Promise<void>;
  markExited(): void;
}

const tooSlow = (seconds: number) =>
  new LogoError(
    `The image is too complex to use as a logo: drawing it took longer than ${seconds} seconds. ` +
      'Please simplify it (fewer filters and effects) or save it as a PNG, and upload it again.',
  );
const TOO_MUCH_MEMORY =
  'The image is too large to use as a logo: converting it needs too much memory. Please save it smaller, or as a PNG, and upload it again.';
const CRASHED = 'The file could not be converted to a logo. Please save it as a PNG and upload it again.';

const CONVERTER_ENV = /^(?:PATH|HOME|TMPDIR|LANG|LANGUAGE|TZ|NODE_PATH|LC_\w+|XDG_\w+|FONTCONFIG_\w+|VIPS_\w+|TSX_\w+)$/;

/**
 * The converter process's entry beside this file, with this file's own extension: `.ts` from source
 * (tsx, jest), which the child reads through tsx's loader; `.js` once built into dist/.
 */
function startProcess(memoryLimitBytes: number): ChildProcess {
  const ext = extname(__filename);
  const entry = join(__dirname, `converter-process${ext}`);
  return fork(entry, [String(memoryLimitBytes)], {
    execArgv: ext === '.ts' ? ['--require', require.resolve('tsx/cjs')] : [],
    // It reads hostile files with native code: it gets what fonts and libraries need, not the server's secrets.
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => CONVERTER_ENV.test(name))),
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/**
 * Logo conversions in processes of their own, `concurrency` at a time, each killed at its
 * deadline and replaced on the next logo; processes start on first use and stay while idle.
 */
export function createLogoConverter(options: LogoConverterOptions = {}): LogoConverter {
  const opts = { ...DEFAULTS, ...options };
  const converters = new Set<Converter>();
  const waiting: Job[] = [];
  let nextJobId = 0;
  let closed = false;

  function dispatch() {
    while (waiting.length) {
      const free = [...converters].find((c) => c.ready && !c.job && !c.killedFor);
      if (!free && converters.size >= opts.concurrency) return;
      const job = waiting.shift()!;
      clearTimeout(job.waitTimer);
      const converter = free ?? spawn();
      converter.job = job;
      holdOpen(converter, true);
      if (converter.ready) hand(converter);
    }
  }

  function hand(converter: Converter) {
    const job = converter.job!;
    converter.jobId = ++nextJobId;
    converter.sentAt = Date.now();
    converter.timer = setTimeout(() => kill(converter, 'deadline'), opts.deadlineMs);
    converter.child.send({ id: converter.jobId, data: job.data, type: job.type }, (err) => {
      if (err) kill(converter, 'channel');
    });
  }

  /** A process converting keeps the server's event loop alive until its answer or its end is heard; an idle one does not. */
  function holdOpen(converter: Converter, busy: boolean) {
    if (busy) {
      converter.child.ref();
      converter.child.channel?.ref();
    } else {
      converter.child.unref();
      converter.child.channel?.unref();
    }
  }

  function kill(converter: Converter, why: NonNullable<Converter['killedFor']>) {
    converter.killedFor ??= why;
    converter.child.kill('SIGKILL');
  }

  function spawn(): Converter {
    const child = startProcess(opts.memoryLimitBytes);
    let markExited!: () => void;
    const exited = new Promise<void>((resolve) => (markExited = resolve));
    const converter: Converter = {
      child,
      ready: false,
      job: null,
      jobId: 0,
      sentAt: 0,
      timer: setTimeout(() => kill(converter, 'start'), opts.startDeadlineMs),
      killedFor: null,
      exited,
      markExited,
    };
    converters.add(converter);
    holdOpen(converter, false);
    child.on('message', (answer: ConvertAnswer) => answered(converter, answer));
    // A process that cannot start or be signalled: it is gone either way ('exit' may not follow).
    child.on('error', () => {
      kill(converter, 'channel');
      gone(converter, null);
    });
    child.on('exit', (code) => gone(converter, code));
    return converter;
  }

  function answered(converter: Converter, answer: ConvertAnswer) {
    if ('ready' in answer) {
      clearTimeout(converter.timer!);
      converter.ready = true;
      if (converter.job) hand(converter);
      else if (closed) kill(converter, 'close');
      else dispatch();
      return;
    }
    const job = converter.job;
    if (!job || answer.id !== converter.jobId || converter.killedFor) return;
    clearTimeout(converter.timer!);
    converter.job = null;
    holdOpen(converter, false);
    if ('png' in answer) {
      const png = Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength);
      job.resolve({ png, width: answer.width, height: answer.height, removed: answer.removed });
    } else if ('refused' in answer) job.reject(new LogoError(answer.refused));
    else job.reject(new Error(`The logo converter failed: ${answer.failed}`));
    if (closed) kill(converter, 'close');
    else dispatch();
  }

  /** Settles the job a process had, once, with what its end says of the file; the next logo starts a new process. */
  function gone(converter: Converter, code: number | null) {
    if (!converters.delete(converter)) return;
    clearTimeout(converter.timer!);
    converter.markExited();
    const job = converter.job;
    converter.job = null;
    if (job) {
      if (converter.killedFor === 'deadline') job.reject(tooSlow(opts.deadlineMs / 1000));
      else if (code === OVER_MEMORY_EXIT_CODE) job.reject(new LogoError(TOO_MUCH_MEMORY));
      else if (!converter.ready) job.reject(new Error('The logo converter process did not start.'));
      else if (converter.killedFor === 'close') job.reject(new LogoConverterBusy());
      // Ended mid-file by a signal or a fault in libvips: the file is what did it.
      else job.reject(new LogoError(CRASHED));
    }
    if (!closed) dispatch();
  }

  return {
    toPng(data, type) {
      const startsNow = [...converters].some((c) => c.ready && !c.job && !c.killedFor) || converters.size < opts.concurrency;
      if (closed || (!startsNow && waiting.length >= opts.maxWaiting)) return Promise.reject(new LogoConverterBusy());
      return new Promise<LogoPng>((resolve, reject) => {
        const job: Job = { data, type, resolve, reject };
        job.waitTimer = setTimeout(() => {
          const at = waiting.indexOf(job);
          if (at < 0) return;
          waiting.splice(at, 1);
          reject(new LogoConverterBusy());
        }, opts.maxWaitMs);
        waiting.push(job);
        dispatch();
      });
    },
    problem() {
      const now = Date.now();
      const stuck = [...converters].some((c) => c.job && c.sentAt && now - c.sentAt > opts.deadlineMs + STUCK_AFTER_DEADLINE_MS);
      return stuck ? 'The logo converter is stuck: a conversion outlived its deadline.' : null;
    },
    get processIds() {
      return [...converters].flatMap((c) => (c.child.pid === undefined ? [] : [c.child.pid]));
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) {
        clearTimeout(job.waitTimer);
        job.reject(new LogoConverterBusy());
      }
      for (const c of converters) if (!c.job) kill(c, 'close');
      await Promise.all([...converters].map((c) => c.exited));
    },
  };
}
