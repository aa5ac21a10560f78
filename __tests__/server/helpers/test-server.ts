import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CallDef, Failure, QueryOf, RequestOf, ResponseOf } from '../../../src/shared/api/define';
import { buildApp, type BuildOptions } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/platform/config/config';
import { createDb, type Db } from '../../../src/server/platform/db/database';
import { TEST_DATABASE_URL, withSchemaLock } from './postgres';

export type Dialect = 'sqlite' | 'postgres';

/** The address the test server believes it is served from; same-origin requests name it. */
export const PUBLIC_URL = 'http://localhost:3000';

export interface RequestOptions {
  /** The session cookie as `name=value` (from loginAs). */
  cookie?: string | null;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** A parsed answer: the HTTP status, the JSON body, and the raw response for headers and cookies. */
export interface ApiResponse<T> {
  status: number;
  body: T;
  raw: LightMyRequestResponse;
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  dialect: Dialect;
  config: Config;
  /** This server's own DATA_DIR; its outbox/ holds the emails it sent. */
  dataDir: string;
  /** A contract call as the web app makes it: JSON body, same origin, optional session cookie. */
  call<C extends CallDef>(
    call: C,
    body?: RequestOf<C>,
    opts?: RequestOptions & { query?: QueryOf<C> },
  ): Promise<ApiResponse<ResponseOf<C> | Failure>>;
  /** Any request, for bodies and headers the contract would not allow. */
  inject(opts: InjectOptions): Promise<ApiResponse<unknown>>;
  close(): Promise<void>;
}

export interface InjectOptions {
  method: 'GET' | 'POST';
  url: string;
  payload?: string | object;
  headers?: Record<string, string>;
  cookie?: string | null;
  /** The caller's address; rate limits count per address (127.0.0.1 unless given). */
  remoteAddress?: string;
}

export interface TestServerOptions {
  dialect: Dialect;
  /** A log to read (the log test); without it the test server is silent. */
  log?: BuildOptions['log'];
  /** A built web app to serve; without it unknown paths answer the API's JSON 404. */
  webRoot?: string;
  /** Share push events with other servers through this Redis. */
  redisUrl?: string;
  /** Where rate-limit counters live in the shared Redis (tests that share one keep theirs apart). */
  rateLimitPrefix?: string;
  /** More environment for loadConfig (STRIPE_SECRET_KEY, ACUITY_*, …), over the test defaults. */
  env?: Record<string, string>;
  /**
   * The overload guard's threshold; off (0) by default. With other suites running beside this one
   * the event loop lags because the machine is busy, and a test must not get 503 for that: not
   * even a high threshold prevents it, as the guard counts a sampling period without a single
   * sample (a loop held for over a second) as an infinite lag. Its own test sets it.
   */
  maxEventLoopDelayMs?: number;
  /**
   * A PostgreSQL of the test's own (postgres dialect), used whole: no schema is made or dropped
   * on it. For a test that stops or cuts off its database, which the shared one must never be.
   */
  databaseUrl?: string;
}

function parseBody(res: LightMyRequestResponse): unknown {
  if (!res.body) return undefined;
  return String(res.headers['content-type'] ?? '').includes('application/json') ? res.json() : res.body;
}

/**
 * One API server for one test: its own temporary DATA_DIR (so its outbox is its own) and its own
 * database, an in-memory SQLite or a fresh PostgreSQL schema dropped again on close.
 */
export async function buildTestServer({
  dialect,
  log,
  webRoot,
  redisUrl,
  env,
  rateLimitPrefix,
  maxEventLoopDelayMs = 0,
  databaseUrl: ownDatabaseUrl,
}: TestServerOptions): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'epcplus-test-'));
  const schema = dialect === 'postgres' && !ownDatabaseUrl ? `t_${randomBytes(8).toString('hex')}` : null;
  const databaseUrl = dialect === 'postgres' ? (ownDatabaseUrl ?? TEST_DATABASE_URL) : ':memory:';
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // Never the developer's own dist/: a test names the web app it serves, if any.
    WEB_ROOT: webRoot ?? join(dataDir, 'no-web-app'),
    // Never the real postcodes.io: a closed local port unless a test names its stand-in (support/postcodes-stand-in.ts).
    POSTCODES_API_URL: 'http://127.0.0.1:9',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...env,
  });
  const build = async () => {
    const db = createDb({ databaseUrl, dataDir, ...(schema ? { pgSchema: schema } : {}) });
    try {
      return await buildApp(config, {
        db,
        log,
        rateLimitPrefix: rateLimitPrefix ?? `test-${randomBytes(6).toString('hex')}`,
        maxEventLoopDelayMs,
      });
    } catch (err) {
      await db.destroy();
      throw err;
    }
  };
  let app: FastifyInstance;
  try {
    app = schema
      ? await withSchemaLock('shared', async (client) => {
          await client.query(`CREATE SCHEMA ${schema}`);
          return build();
        })
      : await build();
  } catch (err) {
    await dropEverything(schema, dataDir);
    throw err;
  }

  const inject: TestServer['inject'] = async ({ method, url, payload, headers = {}, cookie, remoteAddress }) => {
    const res = await app.inject({
      method,
      url,
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    return { status: res.statusCode, body: parseBody(res), raw: res };
  };

  let closed = false;
  return {
    app,
    db: app.deps.db,
    dialect,
    config,
    dataDir,
    inject,
    async call<C extends CallDef>(call: C, body?: RequestOf<C>, opts: RequestOptions & { query?: QueryOf<C> } = {}) {
      const search = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
      const state = call.method === 'POST';
      // The server checks its own answers against the contract in tests (checkResponses), so the body is one of these.
      return (await inject({
        method: call.method,
        url: `${call.path}${search}`,
        ...(state ? { payload: JSON.stringify(body ?? {}) } : {}),
        // What a browser on our own page sends with a state-changing call.
        headers: {
          ...(state ? { 'content-type': 'application/json', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' } : {}),
          ...opts.headers,
        },
        cookie: opts.cookie,
      })) as ApiResponse<ResponseOf<C> | Failure>;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await dropEverything(schema, dataDir);
    },
  };
}

/** A server of its own for part of a test (other environment), closed once the work is done. */
export async function withTestServer(dialect: Dialect, env: Record<string, string>, work: (s: TestServer) => Promise<void>): Promise<void> {
  const s = await buildTestServer({ dialect, env });
  try {
    await work(s);
  } finally {
    await s.close();
  }
}

async function dropEverything(schema: string | null, dataDir: string): Promise<void> {
  if (schema) await withSchemaLock('exclusive', (c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * A fresh server before each test of the enclosing describe, closed after it. Returns a getter:
 * `const server = useTestServer(dialect)` then `server()` inside a test.
 */
export function useTestServer(dialect: Dialect, options: Omit<TestServerOptions, 'dialect'> = {}): () => TestServer {
  let current: TestServer | null = null;
  beforeEach(async () => {
    current = await buildTestServer({ dialect, ...options });
  });
  afterEach(async () => {
    const s = current;
    current = null;
    await s?.close();
  });
  return () => {
    if (!current) throw new Error('useTestServer: the server exists only inside a test');
    return current;
  };
}
