import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { SESSION_COOKIE } from '../../src/server/platform/http/sessions';
import { sessionWithUserQuery } from '../../src/server/platform/http/sessions-repo';
import { registerSecurityHeaders } from '../../src/server/platform/http/security-headers';
import { loadConfig } from '../../src/server/platform/config/config';
import { BENCH_PUBLIC_URL, JSON_CALL, logIn, signedUpAssessor } from './bench-api';
import { openBenchDb, percentile, seedReports, type BenchDialect } from './bench-db';
import { recordGoal } from './goals';

/**
 * Short runs, the load from a thread of its own: the machine is shared (2 cores). Each figure is
 * measured in ROUNDS rounds, each beside a run of the bare hello-world (in turn first and second),
 * and its ratio is the median of the rounds': a machine whose speed drifts during the bench (seen:
 * hello at 11 300 and at 15 000 req/s minutes apart) moves both runs of a round alike. A
 * logged-in call and its floor are measured in the same rounds for the same reason.
 */
const SECONDS = Number(process.env.BENCH_SECONDS) || 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const CONNECTIONS = 20;
/** A busy assessor's list: the page shows 20 of them. */
const REPORTS = 1000;

interface Load {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** A server listening, and the requests to load it with. */
interface Target {
  address: string;
  load: Load;
}

/** A figure's requests a second, and the server's CPU time per request (its main thread, in µs). */
interface Rate {
  rps: number;
  cpuUs: number;
}

/** A figure measured beside hello: its median round, and its share of hello in each round (by rate and by CPU a request). */
interface Figure {
  rate: Rate;
  ofHello: number[];
  cpuOfHello: number[];
}

/**
 * CPU time of this process's main thread (the server's; autocannon loads from a worker thread),
 * in ms: on a shared machine a rate moves with what else runs, the CPU a request costs far less.
 */
function serverThreadCpuMs(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function listening(app: FastifyInstance, load: Load): Promise<Target> {
  return { address: await app.listen({ host: '127.0.0.1', port: 0 }), load };
}

async function measure({ address, load }: Target): Promise<Rate> {
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
}

const median = (xs: number[]) => percentile(xs, 50);

/** The reference, listening for the whole section, with every run of it so far. */
interface Hello {
  target: Target;
  runs: Rate[];
  close(): Promise<void>;
}

/**
 * Apps' figures, measured in the same rounds, each round a run of hello and one of each app; the
 * apps are closed after. Also each app's rate in each round, so two apps can be compared round by
 * round: on a shared machine a run minutes away from another may find the machine twice as busy.
 */
async function inRounds(hello: Hello, apps: { app: FastifyInstance; load: Load }[]): Promise<{ figures: Figure[]; rounds: Rate[][] }> {
  try {
    const targets = [hello.target];
    for (const { app, load } of apps) targets.push(await listening(app, load));
    const rounds: Rate[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each in turn first, so a machine speeding up or slowing down favours none.
      const rates: Rate[] = [];
      for (let i = 0; i < targets.length; i++) {
        const which = (round + i) % targets.length;
        rates[which] = await measure(targets[which]);
      }
      hello.runs.push(rates[0]);
      rounds.push(rates);
    }
    const figures = apps.map((_, i): Figure => {
      const rates = rounds.map((r) => r[i + 1]);
      return {
        rate: { rps: median(rates.map((r) => r.rps)), cpuUs: median(rates.map((r) => r.cpuUs)) },
        ofHello: rounds.map((r) => (100 * r[i + 1].rps) / r[0].rps),
        cpuOfHello: rounds.map((r) => (100 * r[0].cpuUs) / r[i + 1].cpuUs),
      };
    });
    return { figures, rounds: rounds.map((r) => r.slice(1)) };
  } finally {
    for (const { app } of apps) await app.close();
  }
}

/** An app's figure, measured in rounds beside hello; the app is closed after. */
async function besideHello(hello: Hello, app: FastifyInstance, load: Load): Promise<Figure> {
  return (await inRounds(hello, [{ app, load }])).figures[0];
}

/** The reference: Fastify 5 with nothing but a JSON hello. */
async function helloWorld(): Promise<Hello> {
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) => void reply.send({ hello: 'world' }));
  return { target: await listening(app, { path: '/' }), runs: [], close: () => app.close() };
}

/**
 * The same bytes as the chunk, sent by a bare Fastify route: how fast this machine moves them at
 * all. Some machines charge for the bytes themselves (seen: 10 KB of brotli cost a bare route
 * 45 µs more a request than 10 KB of one repeated byte), which no server code can win back.
 */
function bareFastifySending(bytes: Buffer): { app: FastifyInstance; load: Load } {
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) => void reply.header('content-type', 'text/javascript').header('content-encoding', 'br').send(bytes));
  return { app, load: { path: '/', headers: BROWSER } };
}

/**
 * How much of its own work a call can do here and still make its goal: a bare Fastify sending the
 * list's page after spending `spinMs` of JavaScript (a busy loop) on each request. The rate falls
 * faster than the CPU added would say: on a quick machine a server answering less often is also
 * charged more by the kernel for each answer (seen: 11.5 µs a request with no loop; 37.8, 65.1 and
 * 87.1 µs with loops of 20, 40 and 60 µs).
 */
function bareFastifySpending(hello: Hello, page: string, spinMs: number): Promise<Figure> {
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) => {
    const end = performance.now() + spinMs;
    while (performance.now() < end);
    void reply.type('application/json; charset=utf-8').send(page);
  });
  return besideHello(hello, app, { path: '/' });
}

/** The JavaScript a request is made to spend in bareFastifySpending, in µs. */
const SPINS_US = [20, 40];

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
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info', DATA_DIR: bench.dataDir, PUBLIC_URL: BENCH_PUBLIC_URL });
  const app = await bench.migrating(() => buildApp(config, { db: bench.db, log: { level: 'info', stream: { write: () => {} } } }));
  app.addHook('onClose', () => bench.close());
  const email = 'throughput@example.com';
  await seedReports(bench.db, await signedUpAssessor(app, email), REPORTS);
  return { app, bench, headers: { ...JSON_CALL, cookie: await logIn(app, email) }, webRoot: config.webRoot };
}
type ProductApp = Awaited<ReturnType<typeof productApp>>;

const LIST = '/api/reports?mode=preliminary';

/** The two logged-in calls measured, as autocannon asks for them. */
const CALLS = {
  ping: { method: 'POST', route: '/api/ping', path: '/api/ping', body: '{}', floorAnswer: "ping's answer" },
  list: { method: 'GET', route: '/api/reports', path: LIST, body: undefined, floorAnswer: 'the same page' },
} as const;
type Call = keyof typeof CALLS;

/**
 * The product's own session query, compiled once, run straight through the database's driver as
 * a statement prepared once (on PostgreSQL a named one, as the product's): rows as arrays, no
 * query builder, no pool of ours.
 */
function sessionReader(product: ProductApp): { read(tokenHash: string): Promise<unknown[] | undefined>; close(): Promise<void> } {
  const { db, driver } = product.bench;
  const { sql } = sessionWithUserQuery(db, { tokenHash: '' }).compile();
  if ('sqliteFile' in driver) {
    const sqlite = new SQLite(driver.sqliteFile);
    const statement = sqlite.prepare(sql).raw(true);
    return {
      read: (tokenHash) => Promise.resolve(statement.get(tokenHash) as unknown[] | undefined),
      close: () => Promise.resolve(void sqlite.close()),
    };
  }
  const pool = new pg.Pool(driver.pgOptions);
  return {
    read: async (tokenHash) => (await pool.query<unknown[]>({ name: 'session', text: sql, values: [tokenHash], rowMode: 'array' })).rows[0],
    close: () => pool.end(),
  };
}

/** The list's first page as the product sends it. */
async function listPage(product: ProductApp): Promise<string> {
  return (await product.app.inject({ url: LIST, headers: product.headers })).body;
}

/**
 * The floor of a logged-in call: a bare Fastify doing only what no implementation of the call can
 * leave out. It reads the request (ping's JSON body too), hashes the session cookie's token with
 * the server's key, reads the session and its user with the product's query straight through the
 * driver, and answers with the product's security headers: ping's answer, or the list's first
 * page as the product sends it (its bytes, read from the product once). Nothing else: no logging,
 * rate limits, overload guard, metrics, cross-site check, compression choice or contract check:
 * what a server that checks sessions this way can reach at most on the machine.
 */
function bareLoggedInCall(product: ProductApp, call: Call, page: string): { app: FastifyInstance; load: Load } {
  const { method, route, path, body } = CALLS[call];
  const sessions = sessionReader(product);
  const hash = product.app.deps.hash;
  const app = Fastify({ logger: false });
  app.addHook('onClose', () => sessions.close());
  registerSecurityHeaders(app, BENCH_PUBLIC_URL);
  app.route({
    method,
    url: route,
    handler: async (request, reply) => {
      const cookie = request.headers.cookie ?? '';
      const token = cookie.startsWith(`${SESSION_COOKIE}=`) ? cookie.slice(SESSION_COOKIE.length + 1) : '';
      // Columns as sessionWithUserQuery selects them: 4 is the user's name, 5 the role.
      const row = await sessions.read(hash(token));
      if (!row) return reply.status(401).send({ success: false });
      if (call === 'list') return reply.type('application/json; charset=utf-8').send(page);
      return { success: true, role: row[5], display_username: row[4] };
    },
  });
  return { app, load: { path, method, headers: product.headers, body } };
}

const LABEL = 46;
const figures = (label: string, { rps, cpuUs }: Rate) =>
  `${label.padEnd(LABEL)} ${Math.round(rps).toLocaleString('en-GB').padStart(7)} req/s, ${cpuUs.toFixed(0).padStart(4)} µs of server CPU a request`;
const percent = (xs: number[]) => `${median(xs).toFixed(1).padStart(5)} %`;
const spread = (xs: number[]) => `${xs.length} rounds ${Math.min(...xs).toFixed(1)} to ${Math.max(...xs).toFixed(1)} %`;
/**
 * The share of the run the server's thread was at work. Under three quarters, something else set
 * the rate: the one autocannon thread reading every answer (seen on a quick machine with the 10 KB
 * chunk: a third of the run) or the database's round trips; the CPU a request then says more.
 */
const busy = ({ rps, cpuUs }: Rate) => (rps * cpuUs) / 1e6;
const MOSTLY_AT_WORK = 0.75;
function waited(rate: Rate): string {
  const atWork = busy(rate);
  if (atWork >= MOSTLY_AT_WORK) return '';
  return `; the server's thread at work ${(100 * atWork).toFixed(0)} % of the run, waiting the rest on the load or the database`;
}
/**
 * A figure's share of hello, and its goal where it has one against hello (the files). A logged-in
 * call's goal is against its floor instead (withFloor): its share of hello is printed to compare
 * machines, as issue 36 restated those goals (no server checking sessions reached them here).
 */
function ratio(label: string, figure: Figure, target: number | null) {
  console.log(
    `${figures(label, figure.rate)}: ${percent(figure.ofHello)} of hello (${target === null ? 'goal against its floor' : `target >= ${target} %`}; ` +
      `by CPU a request ${median(figure.cpuOfHello).toFixed(0)} %; ${spread(figure.ofHello)}${waited(figure.rate)})`,
  );
  if (target === null) return;
  recordGoal({
    figure: label,
    goal: `>= ${target} % of hello`,
    measured: `${median(figure.ofHello).toFixed(1)} %`,
    met: median(figure.ofHello) >= target,
  });
}
/** A floor's line; with the product's share of it in each round (`ofFloor`), their median and spread. */
const floorLine = (label: string, floor: Figure, what: string, ofFloor?: number[]) =>
  console.log(
    `${figures(`  ${label}`, floor.rate)}: ${percent(floor.ofHello)} of hello (the most ${what} can reach here` +
      (ofFloor ? `; the product makes ${median(ofFloor).toFixed(0)} % of it, ${spread(ofFloor)}` : '') +
      `${waited(floor.rate)})`,
  );

/** The share of its floor a logged-in call must make (issue 36): what the product adds to the floor's work may cost at most two thirds of it. */
const OF_FLOOR_TARGET = 60;

/**
 * A logged-in call's figure, with its floor on the same database, both measured in the same
 * rounds: the product's share of its floor is the median of the rounds' shares.
 */
async function withFloor(hello: Hello, dialect: BenchDialect, call: Call, label: string) {
  const product = await productApp(dialect);
  const page = call === 'list' ? await listPage(product) : '';
  const bare = bareLoggedInCall(product, call, page);
  const { method, path, body, floorAnswer } = CALLS[call];
  // The floor reads the product's database, which closes with the product's app: the floor closes first.
  const {
    figures: [floor, figure],
    rounds,
  } = await inRounds(hello, [bare, { app: product.app, load: { path, method, body, headers: product.headers } }]);
  ratio(label, figure, null);
  const ofFloor = rounds.map(([floorRate, productRate]) => (100 * productRate.rps) / floorRate.rps);
  floorLine(`bare Fastify: session, ${floorAnswer}`, floor, `the ${call}`, ofFloor);
  recordGoal({
    figure: `${label}, of its floor`,
    goal: `>= ${OF_FLOOR_TARGET} % of its floor`,
    measured: `${median(ofFloor).toFixed(1)} %`,
    met: median(ofFloor) >= OF_FLOOR_TARGET,
  });
  if (call !== 'list' || dialect !== 'SQLite') return;
  // Once, beside the SQLite list: what its goal leaves a call of its own work on this machine.
  for (const spinUs of SPINS_US) {
    const spending = await bareFastifySpending(hello, page, spinUs / 1000);
    console.log(
      `${figures(`  bare Fastify: the page, ${spinUs} µs of JavaScript`, spending.rate)}: ${percent(spending.ofHello)} of hello` +
        ` (what ${spinUs} µs of a call's own work leaves it here)`,
    );
  }
}

/**
 * Requests a second through the whole stack over HTTP, each figure beside a bare Fastify
 * hello-world in the same rounds (autocannon, CONNECTIONS connections, SECONDS s a run). Under the
 * logged-in calls and the chunk, the floor of each: a bare Fastify doing only what that answer
 * cannot do without.
 */
export async function throughputBench(dialects: BenchDialect[]): Promise<void> {
  console.log(
    `autocannon, ${CONNECTIONS} connections, ${SECONDS} s a run; each figure the median of ${ROUNDS} rounds, ` +
      `each round beside a run of hello (a logged-in call's with a run of its floor); list of ${REPORTS} reports, page of 20, logged in`,
  );
  const hello = await helloWorld();
  try {
    for (const dialect of dialects) {
      await withFloor(hello, dialect, 'list', `${dialect}: GET /api/reports`);
      if (dialect === 'SQLite') {
        // As a browser asks for it: a kept page goes out compressed once, not compressed per request.
        const browserList = await productApp(dialect);
        const load = { path: LIST, headers: { ...browserList.headers, ...BROWSER } };
        ratio(`${dialect}: GET /api/reports, brotli`, await besideHello(hello, browserList.app, load), null);
      }
      await withFloor(hello, dialect, 'ping', `${dialect}: POST /api/ping`);
    }
    // Files do not touch the database: measured once, with a browser's cookie and Accept-Encoding.
    const page = await productApp('SQLite');
    const script = entryScript(page.webRoot);
    const pageLoad = { path: '/', headers: { ...BROWSER, cookie: page.headers.cookie } };
    ratio('GET / (index.html, brotli)', await besideHello(hello, page.app, pageLoad), 50);
    const chunk = await productApp('SQLite');
    const size = (file: string) => `${(statSync(join(chunk.webRoot, file)).size / 1024).toFixed(0)} KB`;
    const chunkLoad = { path: `/${script}`, headers: { ...BROWSER, cookie: chunk.headers.cookie } };
    const {
      figures: [chunkFigure, floor],
      rounds,
    } = await inRounds(hello, [{ app: chunk.app, load: chunkLoad }, bareFastifySending(readFileSync(join(chunk.webRoot, `${script}.br`)))]);
    ratio(`GET /${script.split('.')[0]}.….js (${size(`${script}.br`)} br of ${size(script)})`, chunkFigure, 50);
    const ofFloor = rounds.map(([chunkRate, floorRate]) => (100 * chunkRate.rps) / floorRate.rps);
    floorLine('bare Fastify sending the same brotli bytes', floor, 'the chunk', ofFloor);
  } finally {
    await hello.close();
  }
  const rps = hello.runs.map((r) => r.rps);
  console.log(
    `${figures('bare Fastify hello-world (median of its runs)', { rps: median(rps), cpuUs: median(hello.runs.map((r) => r.cpuUs)) })}; ` +
      `its ${hello.runs.length} runs ${Math.round(Math.min(...rps)).toLocaleString('en-GB')} to ${Math.round(Math.max(...rps)).toLocaleString('en-GB')} req/s`,
  );
}
