import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as operations from '../../../../src/shared/api/operations';
import * as access from '../../../../src/shared/api/access';
import * as reports from '../../../../src/shared/api/reports';
import { loadConfig } from '../../../../src/server/platform/config/config';
import { createDb } from '../../../../src/server/platform/db/database';
import { describeEachDatabase } from '../../helpers/databases';
import { loggedInUser } from '../../helpers/factories';
import { createReport, putUpload } from '../../helpers/reports';
import { buildTestServer, useTestServer, type TestServer } from '../../helpers/test-server';
import { ok } from '../../helpers/answers';
import { MAX_EVENT_LOOP_DELAY_MS } from '../../../../src/server/platform/http/overload';
import { redisStoreWithMemoryFallback } from '../../../../src/server/platform/http/rate-limit-store';

async function createReportReady(server: TestServer, cookie: string) {
  const { report_id } = (await createReport(server, cookie)) as { report_id: number };
  await server.app.deps.jobs.drain();
  return { reportId: report_id };
}

describeEachDatabase('security headers', (dialect) => {
  const server = useTestServer(dialect);

  it.each([
    ['an API call', 'GET', operations.health.path],
    ['a missing page', 'GET', '/no-such-page'],
    ['a call that does not exist', 'POST', '/api/no-such-call'],
  ])('are sent on %s', async (_what, method, url) => {
    const res = await server().inject({ method: method as 'GET', url });
    const h = res.raw.headers;
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(h['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp).toContain(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://app.acuityscheduling.com',
    );
    expect(csp).not.toContain('unsafe-inline');
    // PUBLIC_URL is http here: no HSTS, which browsers would remember for the whole host.
    expect(h['strict-transport-security']).toBeUndefined();
  });

  it('keeps the stricter policy of a stored file and sends no Referer from it', async () => {
    const { cookie } = await loggedInUser(server(), { scheme: 'stroma' });
    const { reportId } = await createReportReady(server(), cookie);
    const url = await server().call(reports.reportUrl, { report_id: reportId, mode: 'preliminary' }, { cookie });
    const file = await server().inject({ method: 'GET', url: ok(url).report_url });
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-security-policy']).toContain('sandbox');
    expect(file.raw.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describeEachDatabase('security headers over https', (dialect) => {
  const server = useTestServer(dialect, { env: { PUBLIC_URL: 'https://app.example.co.uk' } });

  it('adds HSTS when the product is served over https', async () => {
    const res = await server().inject({ method: 'GET', url: operations.health.path });
    expect(res.raw.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describeEachDatabase('what the log leaves out', (dialect) => {
  it('never contains an upload address or a signed file address', async () => {
    let log = '';
    const server = await buildTestServer({ dialect, log: { level: 'trace', stream: { write: (line: string) => void (log += line) } } });
    try {
      const { cookie } = await loggedInUser(server, { scheme: 'stroma' });
      const { uploadTo } = await putUpload(server, cookie, Buffer.from('<x/>'));
      const token = uploadTo.split('/').pop()!;
      const { reportId } = await createReportReady(server, cookie);
      const url = ok(await server.call(reports.reportUrl, { report_id: reportId, mode: 'preliminary' }, { cookie }));
      expect((await server.inject({ method: 'GET', url: url.report_url })).status).toBe(200);
      const signature = new URL(url.report_url, 'http://x').searchParams.get('sig')!;

      expect(log).toContain('/api/uploads/[redacted]');
      expect(log).toContain('[signature redacted]');
      expect(log).not.toContain(token);
      expect(log).not.toContain(signature);
    } finally {
      await server.close();
    }
  });
});

describe('the data folder', () => {
  it('is created readable by its owner only, with the database, files and outbox in it', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'epcplus-modes-'));
    const previous = process.umask(0o022);
    try {
      const dataDir = join(parent, 'data');
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: '' });
      const db = createDb({ databaseUrl: null, dataDir: config.dataDir });
      await db.destroy();
      const server = await buildTestServer({ dialect: 'sqlite' });
      try {
        const { cookie } = await loggedInUser(server);
        const { key } = await putUpload(server, cookie, Buffer.from('<x/>'));
        expect((await stat(join(server.dataDir, 'files', key))).mode & 0o777).toBe(0o600);
        expect((await stat(join(server.dataDir, 'files', 'uploads'))).mode & 0o777).toBe(0o700);
      } finally {
        await server.close();
      }
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dataDir, 'session-secret'))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dataDir, 'epcplus.sqlite'))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe('rate limits shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('counts a client across every server process of one installation', async () => {
    // One prefix per run: parallel runs on the same Redis keep their counters apart.
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const [one, two] = await Promise.all([
      buildTestServer({ dialect: 'sqlite', redisUrl, rateLimitPrefix: prefix }),
      buildTestServer({ dialect: 'sqlite', redisUrl, rateLimitPrefix: prefix }),
    ]);
    try {
      const contact = (server: typeof one) =>
        server.inject({
          method: 'POST',
          url: access.contactForm.path,
          payload: { subject: 'Local Authority or Lender Enquiry', contactMethod: 'a@b.example', message: 'Hello' },
          headers: { 'content-type': 'application/json' },
          remoteAddress: '198.51.100.20',
        });
      const statuses = [];
      for (const server of [one, two, one, two, one, two]) statuses.push((await contact(server)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('rate limits while Redis is away', () => {
  it('go on counting in the process rather than letting everything through', async () => {
    // A client whose every command fails at once, as when Redis has gone away under a running server.
    const away = new Redis('redis://127.0.0.1:9', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const Store = redisStoreWithMemoryFallback(away, 'away:');
    const store = new Store({}).child({ routeInfo: { method: 'POST', url: '/api/login' } } as never);
    const count = () =>
      new Promise<number>((counted, failed) =>
        (store.incr as (key: string, cb: (err: Error | null, r?: { current: number }) => void, windowMs: number, max: number) => void)(
          '198.51.100.21',
          (err, result) => (err ? failed(err) : counted(result!.current)),
          60_000,
          5,
        ),
      );
    const counts = [];
    for (let n = 0; n < 6; n++) counts.push(await count());
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    away.disconnect();
  });
});

describeEachDatabase('an overloaded process', (dialect) => {
  const server = useTestServer(dialect, { maxEventLoopDelayMs: MAX_EVENT_LOOP_DELAY_MS });

  it('watches its event loop, so it can answer 503 instead of hanging', () => {
    expect(typeof server().app.isUnderPressure).toBe('function');
    expect(server().app.isUnderPressure()).toBe(false);
  });
});
