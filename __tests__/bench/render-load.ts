import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, getPriority, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as reports from '../../src/shared/api/reports';
import * as uploads from '../../src/shared/api/uploads';
import { ping } from '../../src/shared/api/access';
import { REPORT_STATUS } from '../../src/shared/states';
import { createDb, type Db } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { JOB_STATUS, type JobStatus } from '../../src/server/platform/db/job-status';
import { insertJob } from '../../src/server/platform/jobs/repo';
import { RENDER_REPORT } from '../../src/server/reports/render-report';
import { SESSION_COOKIE, sessionStore } from '../../src/server/platform/http/sessions';
import { tokenHasher } from '../../src/server/platform/security/tokens';
import { fixture, SAMPLE } from '../server/helpers/reports';
import { startMember, stopMember, until, type Member } from '../server/scale-out/cluster';
import { TEST_DATABASE_URL, withPgClient } from '../server/helpers/postgres';
import { insertBenchUser, percentile, type BenchDialect } from './bench-db';
import { recordGoal } from './goals';

/** Seconds each window measures (BENCH_RENDER_LOAD_SECONDS=8 for a quick look). */
const SECONDS = Number(process.env.BENCH_RENDER_LOAD_SECONDS ?? 25);
/** The client calls the list, and pings, this often (issue 36). */
const EVERY_MS = 50;
const LIST_GOAL_MS = 100;
const PING_GOAL_MS = 50;
/** The nice value render-pool.ts gives its threads, by which the bench finds them. */
const RENDER_NICE = 10;
/** The assessors whose reports are rendered; the client is the first, with an ordinary list of their own. */
const OWNERS = 20;
const PUBLIC_URL = 'http://127.0.0.1:8080';
const CORES = availableParallelism();
/** As many as render-pool.ts starts. */
const THREADS = Math.max(2, Math.min(4, CORES - 1));

interface Window {
  listMs: number[];
  pingMs: number[];
  rendersPerSecond: number;
  /** Render jobs still queued when the window closed: none are added during it, so more than 0 means it never emptied. */
  queuedAtEnd: number;
  errors: string[];
}

/** A process's threads at a nice value, by id: field 19 of /proc/PID/task/TID/stat (proc(5)). */
function threadsAtNice(pid: number, nice: number): number[] {
  const niceOf = (tid: number) => {
    try {
      // The fields after the name, which is in parentheses and may hold spaces: the state is field 3.
      return Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[19 - 3]);
    } catch {
      return null; // the thread ended meanwhile
    }
  };
  return readdirSync(`/proc/${pid}/task`)
    .map(Number)
    .filter((tid) => niceOf(tid) === nice);
}

/** `call` every `everyMs` (or at once after one slower than that) until `end`, each timed in ms. */
async function callEvery(everyMs: number, end: number, call: () => Promise<void>, errors: string[]): Promise<number[]> {
  const times: number[] = [];
  let next = performance.now();
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      await call();
      times.push(performance.now() - t0);
    } catch (err) {
      errors.push((err as Error).message);
    }
    next = Math.max(next + everyMs, performance.now());
    await sleep(next - performance.now());
  }
  return times;
}

const renderJobs = (db: Db, status: JobStatus) =>
  db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', RENDER_REPORT.kind)
    .where('status', '=', status)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

/**
 * `count` copies of a report drawn through the API, spread over the owners, each with its render
 * job: what as many reports created would leave in the queue, written in one go so that the
 * creating costs the measured window nothing.
 */
async function queueRenders(db: Db, templateId: number, ownerIds: number[], count: number): Promise<void> {
  const { id: _id, ...template } = await db.selectFrom('reports').selectAll().where('id', '=', templateId).executeTakeFirstOrThrow();
  const now = Date.now();
  for (let done = 0; done < count; done += 200) {
    await db.transaction().execute(async (tx) => {
      for (let i = done; i < Math.min(count, done + 200); i++) {
        const { id } = await tx
          .insertInto('reports')
          .values({
            ...template,
            user_id: ownerIds[i % ownerIds.length],
            slug: randomBytes(12).toString('hex'),
            status: REPORT_STATUS.generating,
            pdf_key: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertJob(tx, RENDER_REPORT.kind, { report_id: id }, now);
      }
    });
  }
}

/** A client on the list and ping every EVERY_MS for SECONDS while the queue keeps every render thread busy. */
async function measureWindow(db: Db, web: Member, cookie: string): Promise<Window> {
  const headers = { cookie, origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' };
  const errors: string[] = [];
  const asked = async (path: string, init: RequestInit) => {
    const res = await fetch(`${web.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  };
  const doneBefore = await renderJobs(db, JOB_STATUS.done);
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  const [listMs, pingMs] = await Promise.all([
    callEvery(EVERY_MS, end, () => asked(`${reports.reportsList.path}?mode=preliminary`, { method: 'GET' }), errors),
    callEvery(
      EVERY_MS,
      end,
      () => asked(ping.path, { method: ping.method, body: '{}', headers: { 'content-type': 'application/json' } }),
      errors,
    ),
  ]);
  const seconds = (performance.now() - t0) / 1000;
  const doneAfter = await renderJobs(db, JOB_STATUS.done);
  return {
    listMs,
    pingMs,
    rendersPerSecond: (doneAfter - doneBefore) / seconds,
    queuedAtEnd: await renderJobs(db, JOB_STATUS.queued),
    errors,
  };
}

function printWindow(label: string, w: Window, goals: BenchDialect | null) {
  const list = percentile(w.listMs, 95);
  const pingP95 = percentile(w.pingMs, 95);
  console.log(
    `${label.padEnd(52)} list p95 ${list.toFixed(0).padStart(4)} ms (p50 ${percentile(w.listMs, 50).toFixed(0)}, ${w.listMs.length} calls)  ` +
      `ping p95 ${pingP95.toFixed(0).padStart(4)} ms (p50 ${percentile(w.pingMs, 50).toFixed(0)})  ` +
      `renders ${w.rendersPerSecond.toFixed(1)}/s = ${(w.rendersPerSecond / CORES).toFixed(1)}/core/s  ` +
      `queue ${w.queuedAtEnd > 0 ? `never empty (${w.queuedAtEnd} left)` : 'EMPTIED: figures not at full load'}  errors ${w.errors.length}`,
  );
  for (const e of [...new Set(w.errors)].slice(0, 3)) console.log(`  error: ${e}`);
  if (!goals) return;
  const fullLoad = w.queuedAtEnd > 0;
  const measured = (ms: number) => `${ms.toFixed(0)} ms${fullLoad ? '' : ' (queue emptied)'}`;
  recordGoal({
    figure: `${goals}: list under full render load, p95`,
    goal: `<= ${LIST_GOAL_MS} ms`,
    measured: measured(list),
    met: fullLoad && list <= LIST_GOAL_MS,
  });
  recordGoal({
    figure: `${goals}: ping under full render load, p95`,
    goal: `<= ${PING_GOAL_MS} ms`,
    measured: measured(pingP95),
    met: fullLoad && pingP95 <= PING_GOAL_MS,
  });
}

/** A database of its own for one process and the bench: SQLite in the data folder, or a fresh PostgreSQL database. */
async function benchDatabase(dialect: BenchDialect, dataDir: string) {
  if (dialect === 'SQLite') return { db: createDb({ databaseUrl: null, dataDir }), url: '', drop: () => Promise.resolve() };
  const name = `epcplus_bench_${randomBytes(6).toString('hex')}`;
  await withPgClient((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    db: createDb({ databaseUrl: url.href, dataDir }),
    url: url.href,
    drop: () => withPgClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * One process as `npm start` runs it (files in its data folder), its render queue kept full, and a
 * client calling the list and ping every 50 ms, on each database. On the first, the render threads
 * are then raised to the event loop's priority (needs root) to show what their lower one buys.
 */
export async function renderLoadBench(dialects: BenchDialect[]): Promise<void> {
  console.log(`${CORES} cores, ${THREADS} render threads; ${SECONDS} s a window; a client calling the list and ping every ${EVERY_MS} ms`);
  for (const [i, dialect] of dialects.entries()) await renderLoadOn(dialect, i === 0);
}

async function renderLoadOn(dialect: BenchDialect, alsoAtNormalPriority: boolean): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'epcplus-bench-render-load-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const { db, url, drop } = await benchDatabase(dialect, dataDir);
  let web: Member | null = null;
  try {
    await migrateToLatest(db);
    const sessions = sessionStore(db, tokenHasher(sessionSecret));
    const ownerIds: number[] = [];
    for (let i = 0; i < OWNERS; i++) ownerIds.push(await insertBenchUser(db, `render-load-${i}@example.com`));
    const cookie = `${SESSION_COOKIE}=${await sessions.create(ownerIds[0])}`;
    web = await startMember('all', {
      NODE_ENV: 'production',
      DATABASE_URL: url,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PUBLIC_URL,
      SESSION_SECRET: sessionSecret,
    });
    const server = web;
    const pid = server.child.pid!;
    // The threads start and lower themselves once the server listens (serve.ts warms them up).
    await until('the render threads at nice 10', () => Promise.resolve(threadsAtNice(pid, RENDER_NICE).length >= THREADS));

    // One report through the API, as an assessor makes it: the one the queue is filled with.
    const headers = { cookie, origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
    const call = async (def: { method: string; path: string }, body: unknown) => {
      const res = await fetch(`${server.url}${def.path}`, { method: def.method, headers, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${def.path} ${res.status} ${String(json.error)}`);
      return json;
    };
    const survey = fixture(SAMPLE);
    const started = await call(uploads.upload, { extension: 'xml' });
    const put = await fetch(`${server.url}${String(started.upload_to)}`, {
      method: 'PUT',
      body: new Uint8Array(survey),
      headers: { cookie, origin: PUBLIC_URL, 'content-type': 'application/octet-stream' },
    });
    if (!put.ok) throw new Error(`PUT ${put.status}`);
    await call(uploads.uploadFollowup, { filename: started.filename, which_one: 'A' });
    const { report_id } = await call(reports.createReport, {
      xml1_key: started.filename,
      xml1_original_filename: 'survey.xml',
      cTaxPropertyAddress: '',
      selectedBranding: 'EPCplus',
      manualCTaxBand: 'C',
    });
    const templateId = report_id as number;
    await until(
      'the first report Ready',
      async () =>
        (await db.selectFrom('reports').select('status').where('id', '=', templateId).executeTakeFirst())?.status === REPORT_STATUS.ready,
    );

    // How fast the process renders, roughly: before each window the queue holds twice what it draws in one.
    const probe = 60 * THREADS;
    await queueRenders(db, templateId, ownerIds, probe);
    const probeStart = performance.now();
    await until('the probe renders done', async () => (await renderJobs(db, JOB_STATUS.done)) > probe, 120_000);
    let rate = probe / ((performance.now() - probeStart) / 1000);
    const measure = async () => {
      const queued = await renderJobs(db, JOB_STATUS.queued);
      await queueRenders(db, templateId, ownerIds, Math.max(0, Math.ceil(rate * (SECONDS + 5) * 2) - queued));
      // The server polls its queue every second: the window starts once it is drawing.
      await until('the renders under way', async () => (await renderJobs(db, JOB_STATUS.running)) > 0);
      const window = await measureWindow(db, server, cookie);
      rate = Math.max(rate, window.rendersPerSecond);
      return window;
    };

    printWindow(`${dialect}: render threads at nice 10 (as shipped)`, await measure(), dialect);
    if (!alsoAtNormalPriority) return;
    const lowered = threadsAtNice(pid, RENDER_NICE);
    try {
      // Raising a thread's priority takes CAP_SYS_NICE (setpriority(2)): root, in the bench's container.
      for (const tid of lowered) setPriority(tid, getPriority(pid));
    } catch (err) {
      console.log(`render threads at nice 0: not measured (${(err as Error).message}; raising a thread's priority needs root)`);
      return;
    }
    printWindow(`${dialect}: render threads at nice 0 (as before)`, await measure(), null);
  } finally {
    if (web) await stopMember(web);
    await db.destroy();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  renderLoadBench(['SQLite', 'PostgreSQL']).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
