import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import * as operations from '../../../../src/shared/api/operations';
import * as access from '../../../../src/shared/api/access';
import { buildApp, type ProcessRole } from '../../../../src/server/app';
import { RESET_REQUEST } from '../../../../src/server/access/jobs';
import { loadConfig, type Config } from '../../../../src/server/platform/config/config';
import { createDb, type Db } from '../../../../src/server/platform/db/database';
import { JOB_STATUS } from '../../../../src/server/platform/db/job-status';
import { describeEachDatabase } from '../../helpers/databases';
import { TEST_DATABASE_URL, withSchemaLock } from '../../helpers/postgres';
import { PUBLIC_URL, type Dialect } from '../../helpers/test-server';
import { outbox, until } from '../../scale-out/cluster';

/** One database (a SQLite file, or a PostgreSQL schema) that several processes of one installation share. */
async function sharedDatabase(dialect: Dialect, dataDir: string) {
  const schema = dialect === 'postgres' ? `t_${randomBytes(8).toString('hex')}` : null;
  const databaseUrl = schema ? TEST_DATABASE_URL : join(dataDir, 'shared.sqlite');
  if (schema) await withSchemaLock('shared', (client) => client.query(`CREATE SCHEMA ${schema}`));
  return {
    databaseUrl,
    /** A connection of one process's own: each app closes its own. */
    open: (): Db => createDb({ databaseUrl, dataDir, ...(schema ? { pgSchema: schema } : {}) }),
    /** Migrating introspects every schema: none may be dropped meanwhile (helpers/postgres.ts). */
    whileMigrating: <T>(work: () => Promise<T>): Promise<T> => (schema ? withSchemaLock('shared', work) : work()),
    async drop() {
      if (schema) await withSchemaLock('exclusive', (c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    },
  };
}

describeEachDatabase('a worker process', (dialect) => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let config: Config;
  const apps: FastifyInstance[] = [];

  const start = async (role: ProcessRole) => {
    const db = database.open();
    const app = await database.whileMigrating(() =>
      buildApp(config, { db, role, rateLimitPrefix: `test-${randomBytes(6).toString('hex')}`, maxEventLoopDelayMs: 0 }),
    );
    apps.push(app);
    return app;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'epcplus-worker-'));
    database = await sharedDatabase(dialect, dataDir);
    config = loadConfig({
      NODE_ENV: 'test',
      // One DATA_DIR for both: its outbox stands in for the mail server they share.
      DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl,
      PUBLIC_URL,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      WEB_ROOT: join(dataDir, 'no-web-app'),
    });
  });

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers only the operator: health and readiness, and none of the API', async () => {
    const worker = await start('worker');
    expect((await worker.inject({ method: 'GET', url: operations.health.path })).statusCode).toBe(200);
    expect((await worker.inject({ method: 'GET', url: operations.ready.path })).statusCode).toBe(200);
    const login = await worker.inject({
      method: 'POST',
      url: access.login.path,
      payload: { username: 'someone@example.com', password: 'not-a-password' },
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toEqual({ success: false, error: `There is no POST ${access.login.path}.` });
    expect((await worker.inject({ method: 'GET', url: access.amplitude.path })).statusCode).toBe(404);
    expect((await worker.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
  });

  it('takes no browser sockets: pushes reach browsers through the web processes', async () => {
    const handshake = async (app: FastifyInstance) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return (await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`)).status;
    };
    expect(await handshake(await start('web'))).toBe(200);
    expect(await handshake(await start('worker'))).toBe(404);
  });

  it('runs the jobs a web process queued on the same database', async () => {
    const web = await start('web');
    // The same address answers on a web process: the worker's 404 is not a wrong path.
    expect((await web.inject({ method: 'GET', url: access.amplitude.path })).statusCode).toBe(200);
    const email = `reset-${randomBytes(4).toString('hex')}@example.com`;
    const now = Date.now();
    await web.deps.db
      .insertInto('users')
      .values({
        email,
        name: 'Sam Sweep',
        phone: '',
        role: 'surveyor',
        scheme: 'other',
        password_hash: 'x',
        created_at: now,
        email_confirmed_at: now,
      })
      .execute();

    const asked = await web.inject({
      method: 'POST',
      url: access.recoverPassword.path,
      payload: { email },
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    });
    expect(asked.json()).toEqual({ success: true });
    const resetJobs = () => web.deps.db.selectFrom('jobs').select(['status']).where('kind', '=', RESET_REQUEST.kind).execute();
    // The web process queued the job and left it.
    expect(await resetJobs()).toEqual([{ status: JOB_STATUS.queued }]);

    await start('worker');
    const mail = await until('the reset email the worker sends', async () => (await outbox(dataDir)).find((m) => m.to === email), 30_000);
    expect(mail.text).toContain(`${PUBLIC_URL}/resetpassword/`);
    expect(await resetJobs()).toEqual([{ status: JOB_STATUS.done }]);
  });
});
