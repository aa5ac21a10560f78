import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createInvites } from '../../src/server/access/repos/invites';
import { openBenchDb, seedReports, type BenchDialect } from './bench-db';

/** Short runs: the machine is shared (2 cores), so 5 s and 20 connections, the load from a thread of its own. */
const SECONDS = Number(process.env.BENCH_SECONDS) || 5;
const CONNECTIONS = 20;
/** A busy assessor's list: the page shows 20 of them. */
const REPORTS = 1000;
const PUBLIC_URL = 'http://localhost:3000';

interface Load {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** A figure's requests a second, and the server's CPU time per request (its main thread, in µs). */
interface Rate {
  rps: number;
  cpuUs: number;
}

/**
 * CPU time of this process's main thread (the server's; autocannon loads from a worker thread),
 * in ms: on a shared machine a rate moves with what else runs, the CPU a request costs far less.
 */
function serverThreadCpuMs(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function reqPerSec(app: FastifyInstance, load: Load): Promise<Rate> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const cpuStart = serverThreadCpuMs();
    const result = await autocannon({
      url: `${address}${load.path}`,
      method: load.method ?? 'GET',
      headers: load.headers,
      body: load.body,
      connections: CONNECTIONS,
      duration: SECONDS,
      workers: 1,
    });
    if (result.non2xx || result.errors) throw new Error(`${load.path}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
    return { rps: result.requests.average, cpuUs: ((serverThreadCpuMs() - cpuStart) * 1000) / result.requests.total };
  } finally {
    await app.close();
  }
}

/** The reference: Fastify 5 with nothing but a JSON hello. */
async function helloWorld(): Promise<Rate> {
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) => void reply.send({ hello: 'world' }));
  return reqPerSec(app, { path: '/' });
}

/**
 * The same bytes as the chunk, sent by a bare Fastify route: how fast this machine moves them at
 * all. Some machines charge for the bytes themselves (seen: 10 KB of brotli cost a bare route
 * 45 µs more a request than 10 KB of one repeated byte), which no server code can win back.
 */
async function bareFastifySending(bytes: Buffer): Promise<Rate> {
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) => void reply.header('content-type', 'text/javascript').header('content-encoding', 'br').send(bytes));
  return reqPerSec(app, { path: '/', headers: BROWSER });
}

/** What a browser sends for a page or a script. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * The app's own entry script, the last the login page loads (a hashed chunk every visitor
 * fetches). The framework chunk (110 KB of brotli) is measured in the web-delivery section: at
 * that size the one autocannon thread reading the answers, not the server, sets the rate.
 */
function entryScript(webRoot: string): string {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="?\/([\w.-]+\.js)/g)].map((m) => m[1]).at(-1)!;
}

/** The app as production runs it (logging at info to a stream that drops the lines), with a logged-in assessor of REPORTS reports. */
async function productApp(dialect: BenchDialect) {
  const bench = await openBenchDb(dialect);
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info', DATA_DIR: bench.dataDir, PUBLIC_URL });
  const app = await bench.migrating(() => buildApp(config, { db: bench.db, log: { level: 'info', stream: { write: () => {} } } }));
  app.addHook('onClose', () => bench.close());
  const json = { 'content-type': 'application/json', origin: PUBLIC_URL };
  const [invite] = await createInvites(bench.db, 1);
  const password = 'bench-pass-1';
  const email = 'throughput@example.com';
  const signup = { inviteCode: invite, email, name: 'Bench', role: 'surveyor', scheme: 'other', password, passwordConfirm: password };
  await app.inject({ method: 'POST', url: '/api/user', headers: json, payload: { ...signup, termsAgree: true } });
  await bench.db.updateTable('users').set({ email_confirmed_at: Date.now() }).execute();
  const { id } = await bench.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await seedReports(bench.db, id, REPORTS);
  const login = await app.inject({ method: 'POST', url: '/api/login', headers: json, payload: { username: email, password } });
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  return { app, headers: { ...json, cookie }, webRoot: config.webRoot };
}

const LABEL = 46;
const figures = (label: string, { rps, cpuUs }: Rate) =>
  `${label.padEnd(LABEL)} ${Math.round(rps).toLocaleString('en-GB').padStart(7)} req/s, ${cpuUs.toFixed(0).padStart(4)} µs of server CPU a request`;
const ratio = (label: string, rate: Rate, hello: Rate, target: number) =>
  console.log(
    `${figures(label, rate)}: ${((100 * rate.rps) / hello.rps).toFixed(1).padStart(5)} % of hello (target >= ${target} %; ` +
      `by CPU a request ${((100 * hello.cpuUs) / rate.cpuUs).toFixed(0)} %)`,
  );

/**
 * Requests a second through the whole stack over HTTP, beside a bare Fastify hello-world measured
 * in the same run (autocannon, CONNECTIONS connections, SECONDS s each).
 */
export async function throughputBench(dialects: BenchDialect[]): Promise<void> {
  console.log(`autocannon, ${CONNECTIONS} connections, ${SECONDS} s per figure; list of ${REPORTS} reports, page of 20, logged in`);
  const hello = await helloWorld();
  console.log(figures('bare Fastify hello-world', hello));
  for (const dialect of dialects) {
    const list = await productApp(dialect);
    ratio(
      `${dialect}: GET /api/reports`,
      await reqPerSec(list.app, { path: '/api/reports?mode=preliminary', headers: list.headers }),
      hello,
      dialect === 'SQLite' ? 30 : 20,
    );
    if (dialect === 'SQLite') {
      // As a browser asks for it: a kept page goes out compressed once, not compressed per request.
      const browserList = await productApp(dialect);
      ratio(
        `${dialect}: GET /api/reports, brotli`,
        await reqPerSec(browserList.app, { path: '/api/reports?mode=preliminary', headers: { ...browserList.headers, ...BROWSER } }),
        hello,
        30,
      );
    }
    const ping = await productApp(dialect);
    ratio(
      `${dialect}: POST /api/ping`,
      await reqPerSec(ping.app, { path: '/api/ping', method: 'POST', headers: ping.headers, body: '{}' }),
      hello,
      40,
    );
  }
  // Files do not touch the database: measured once, with a browser's cookie and Accept-Encoding.
  const page = await productApp('SQLite');
  const script = entryScript(page.webRoot);
  ratio(
    'GET / (index.html, brotli)',
    await reqPerSec(page.app, { path: '/', headers: { ...BROWSER, cookie: page.headers.cookie } }),
    hello,
    50,
  );
  const chunk = await productApp('SQLite');
  const size = (file: string) => `${(statSync(join(chunk.webRoot, file)).size / 1024).toFixed(0)} KB`;
  ratio(
    `GET /${script.split('.')[0]}.….js (${size(`${script}.br`)} br of ${size(script)})`,
    await reqPerSec(chunk.app, { path: `/${script}`, headers: { ...BROWSER, cookie: chunk.headers.cookie } }),
    hello,
    50,
  );
  const floor = await bareFastifySending(readFileSync(join(chunk.webRoot, `${script}.br`)));
  console.log(
    `${figures('  bare Fastify sending the same brotli bytes', floor)}: ${((100 * floor.rps) / hello.rps).toFixed(1)} % of hello (the most the chunk can reach here)`,
  );
}
