import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import * as reports from '../../src/shared/api/reports';
import * as uploads from '../../src/shared/api/uploads';
import { createDb } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { sessionStore } from '../../src/server/platform/http/sessions';
import { tokenHasher } from '../../src/server/platform/security/tokens';
import { fixture, SAMPLE } from '../server/helpers/reports';
import { TEST_DATABASE_URL, withPgClient } from '../server/helpers/postgres';
import { startS3StandIn } from '../support/s3-stand-in';
import { startMember, stopMember, type Member } from '../server/scale-out/cluster';
import { createReportRequest } from '../support/report-requests';
import { insertBenchUser } from './bench-db';

const ASSESSORS = Number(process.env.BENCH_ASSESSORS ?? 200);
/** Seconds each set-up creates reports for (BENCH_SCALE_OUT_SECONDS=10 for a quick look). */
const SECONDS = Number(process.env.BENCH_SCALE_OUT_SECONDS ?? 60);
/** Seconds the assessors only call the list, back to back, to measure what the set-up answers of it alone. */
const LIST_SECONDS = Number(process.env.BENCH_SCALE_OUT_LIST_SECONDS ?? 10);
/** A realistic assessor (issue 36): five reports an hour, and the list called every 30 s while the app is open. */
const REPORTS_AN_HOUR = 5;
const LIST_EVERY_S = 30;
const PUBLIC_URL = 'http://127.0.0.1:8080';
const p95 = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] : NaN);

interface Figures {
  errors: string[];
  listMs: number[];
  readyMs: number[];
  created: number;
}

const headersOf = (i: number, cookie: string) => ({
  cookie,
  origin: PUBLIC_URL,
  'sec-fetch-site': 'same-origin',
  // Each assessor comes from an address of their own, as in life (rate limits count per address).
  'x-forwarded-for': `10.1.${i >> 8}.${i & 255}`,
});

/** One assessor calling the list back to back until time is up: how many answers. */
async function listOnly(i: number, web: Member, cookie: string, until: number, errors: string[]): Promise<number> {
  let answered = 0;
  while (Date.now() < until) {
    const res = await fetch(`${web.url}${reports.reportsList.path}?mode=preliminary`, { headers: headersOf(i, cookie) });
    await res.arrayBuffer();
    if (res.ok) answered++;
    else errors.push(`list ${res.status}`);
  }
  return answered;
}

/**
 * How many realistic assessors the set-up serves, from what it was measured to do: `ready` reports
 * a second while answering as many list calls, and `lists` list calls a second alone. A list call
 * takes 1/lists of the set-up's second; what the reports left, (1 - ready/lists), went on `ready`
 * reports. An assessor asks for REPORTS_AN_HOUR/3600 reports and 1/LIST_EVERY_S list calls a second.
 */
function printAssessors(ready: number, lists: number) {
  const cores = cpus().length;
  const perReport = (1 - ready / lists) / ready;
  const perList = 1 / lists;
  const reportsPerSecond = REPORTS_AN_HOUR / 3600;
  const listsPerSecond = 1 / LIST_EVERY_S;
  const share = reportsPerSecond * perReport + listsPerSecond * perList;
  console.log(
    `  ${ready.toFixed(1)} reports/s Ready = ${(ready / cores).toFixed(2)} per core per second (with as many list calls); list alone ${lists.toFixed(0)} calls/s`,
  );
  console.log(
    `  one report takes (1 - ${ready.toFixed(1)}/${lists.toFixed(0)}) / ${ready.toFixed(1)} = ${(perReport * 1000).toFixed(1)} ms of the set-up, ` +
      `a list call 1/${lists.toFixed(0)} = ${(perList * 1000).toFixed(2)} ms`,
  );
  console.log(
    `  an assessor (${REPORTS_AN_HOUR} reports an hour, the list every ${LIST_EVERY_S} s): ${reportsPerSecond.toFixed(5)} × ${(perReport * 1000).toFixed(1)} ms ` +
      `+ ${listsPerSecond.toFixed(4)} × ${(perList * 1000).toFixed(2)} ms = ${(share * 1000).toFixed(4)} ms a second ` +
      `→ ${Math.floor(1 / share).toLocaleString('en-GB')} assessors at full use`,
  );
}

/** One assessor: the list open on a socket, creating reports one after another until time is up. */
async function assessor(i: number, web: Member, cookie: string, until: number, figures: Figures): Promise<void> {
  const headers = headersOf(i, cookie);
  const call = async (def: { method: string; path: string }, body?: unknown, query?: string) => {
    const res = await fetch(`${web.url}${def.path}${query ?? ''}`, {
      method: def.method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${def.path} ${res.status} ${String(json.error)}`);
    return json;
  };
  const socket: Socket = io(web.url, { transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const pushes = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  socket.on('reportListUpdate', (p: { report_id?: number }) => {
    const id = p.report_id ?? 0;
    pushes.set(id, (pushes.get(id) ?? 0) + 1);
    // The first push is the report's creation, the next its PDF.
    if ((pushes.get(id) ?? 0) >= 2) waiters.get(id)?.();
  });
  const survey = fixture(SAMPLE);
  try {
    while (Date.now() < until) {
      try {
        let t0 = performance.now();
        await call(reports.reportsList, undefined, '?mode=preliminary');
        figures.listMs.push(performance.now() - t0);
        t0 = performance.now();
        const started = await call(uploads.upload, { extension: 'xml', size: survey.length });
        const put = await fetch(started.upload_to as string, {
          method: 'PUT',
          body: new Uint8Array(survey),
          headers: { 'content-type': 'application/octet-stream' },
        });
        if (!put.ok) throw new Error(`PUT ${put.status}`);
        await call(uploads.uploadFollowup, { filename: started.filename, which_one: 'A' });
        const created = await call(reports.createReport, createReportRequest(started.filename as string));
        const id = created.report_id as number;
        const ready = new Promise<boolean>((resolve) => {
          if ((pushes.get(id) ?? 0) >= 2) resolve(true);
          waiters.set(id, () => resolve(true));
          setTimeout(() => resolve(false), Math.max(0, until - Date.now()) + 30_000).unref();
        });
        figures.created++;
        if (await ready) figures.readyMs.push(performance.now() - t0);
        else figures.errors.push(`report ${id} not Ready! within 30 s of the end`);
      } catch (err) {
        figures.errors.push((err as Error).message);
      }
    }
  } finally {
    socket.close();
  }
}

async function run(label: string, webs: number, workerRole: 'all' | 'worker') {
  const store = await startS3StandIn(`bench-${randomBytes(4).toString('hex')}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'epcplus-bench-scale-'));
  const database = `epcplus_bench_${randomBytes(6).toString('hex')}`;
  await withPgClient((c) => c.query(`CREATE DATABASE ${database}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  const sessionSecret = randomBytes(32).toString('hex');
  const db = createDb({ databaseUrl: url.href, dataDir });
  const members: Member[] = [];
  try {
    await migrateToLatest(db);
    const sessions = sessionStore(db, tokenHasher(sessionSecret));
    const cookies: string[] = [];
    for (let i = 0; i < ASSESSORS; i++) {
      // Never logged in with a password: their sessions are minted here.
      const id = await insertBenchUser(db, `bench-${i}@example.com`);
      cookies.push(`epcplus_sid=${await sessions.create(id)}`);
    }
    const env = {
      ...store.env,
      NODE_ENV: 'development',
      DATABASE_URL: url.href,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      SESSION_SECRET: sessionSecret,
      DATA_DIR: dataDir,
      PUBLIC_URL,
      TRUST_PROXY: '127.0.0.1',
    };
    // 'all': one process serving and running jobs; 'worker': web processes plus one worker.
    const webMembers = await Promise.all(Array.from({ length: webs }, () => startMember(workerRole === 'all' ? 'all' : 'web', env)));
    members.push(...webMembers);
    if (workerRole === 'worker') members.push(await startMember('worker', env));
    const figures: Figures = { errors: [], listMs: [], readyMs: [], created: 0 };
    const started = performance.now();
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(cookies.map((cookie, i) => assessor(i, webMembers[i % webMembers.length], cookie, until, figures)));
    // Each assessor waited for its last report: the reports Ready over the whole time it took.
    const readyPerSecond = figures.readyMs.length / ((performance.now() - started) / 1000);
    const listStarted = performance.now();
    const listUntil = Date.now() + LIST_SECONDS * 1000;
    const answered = await Promise.all(
      cookies.map((cookie, i) => listOnly(i, webMembers[i % webMembers.length], cookie, listUntil, figures.errors)),
    );
    const listsPerSecond = answered.reduce((a, b) => a + b, 0) / ((performance.now() - listStarted) / 1000);
    const distinct = [...new Set(figures.errors)].slice(0, 5);
    console.log(
      `${label.padEnd(34)} reports ${String(figures.created).padStart(5)}  errors ${figures.errors.length}  ` +
        `p95 list ${p95(figures.listMs).toFixed(0)} ms  p95 upload-to-Ready! ${p95(figures.readyMs).toFixed(0)} ms`,
    );
    for (const e of distinct) console.log(`  error: ${e}`);
    printAssessors(readyPerSecond, listsPerSecond);
  } finally {
    await Promise.all(members.map(stopMember));
    await db.destroy();
    await withPgClient((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** ASSESSORS with their lists open on sockets, creating reports for SECONDS, on one process and on two web processes and a worker. */
export async function scaleOutBench(): Promise<void> {
  console.log(
    `${cpus().length} cores; ${ASSESSORS} assessors creating reports back to back for ${SECONDS} s, then calling the list back to back ` +
      `for ${LIST_SECONDS} s (PostgreSQL, Redis, S3 stand-in)`,
  );
  await run('one process (npm start)', 1, 'all');
  await run('two web processes and a worker', 2, 'worker');
}

if (require.main === module) {
  scaleOutBench().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
