import { z } from 'zod';
import * as operations from '../../../../src/shared/api/operations';
import * as reports from '../../../../src/shared/api/reports';
import { DATABASE_UNREACHABLE } from '../../../../src/server/platform/db/database';
import { defineJob } from '../../../../src/server/platform/jobs/define';
import { loggedInUser } from '../../helpers/factories';
import { ownPostgresUnavailable, startOwnPostgres, type OwnPostgres } from '../../helpers/own-postgres';
import { buildTestServer, type TestServer } from '../../helpers/test-server';
import { until } from '../../scale-out/cluster';

/** Longer than any call may take, database or none: the pool's connect timeout (5 s) and a busy machine's margin. */
const CALL_DEADLINE_MS = 10_000;
/** A load balancer's patience with /api/ready. */
const READY_DEADLINE_MS = 2_500;

const unavailable = ownPostgresUnavailable();
if (unavailable && !process.env.CI) console.warn(`\nPostgreSQL outage tests skipped: ${unavailable}.`);
// In CI the tests run, and fail in beforeAll, rather than pass by being skipped.
const describeWithOwnPostgres = unavailable && !process.env.CI ? describe.skip : describe;

describeWithOwnPostgres('a server whose PostgreSQL goes away', () => {
  let own: OwnPostgres | null = null;
  let server: TestServer | null = null;
  let cookie = '';
  const logLines: { level: number; msg: string }[] = [];

  /*
   * What would end the process outside a test (an 'error' event no one listens to, a rejection no
   * one handles) fails the running test, or the file, in Jest: jest-circus takes the process's
   * uncaughtException and unhandledRejection events while a test runs.
   */
  beforeAll(async () => {
    own = await startOwnPostgres();
    server = await buildTestServer({
      dialect: 'postgres',
      databaseUrl: own.url,
      log: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line) as { level: number; msg: string }) } },
    });
    cookie = (await loggedInUser(server)).cookie;
  });

  afterAll(async () => {
    // Each step on its own: a PostgreSQL left running would outlive the test run.
    await server?.close().catch(() => {});
    await own?.destroy();
  });

  const listReports = () => server!.call(reports.reportsList, undefined, { cookie, query: { mode: 'preliminary' } });
  const linesSaying = (msg: string, from = 0) => logLines.slice(from).filter((l) => l.msg === msg);

  it('lives through its idle connections being ended, and answers the next call', async () => {
    // Several calls at once leave several connections idle in the pool.
    const warmUp = await Promise.all([1, 2, 3, 4].map(listReports));
    expect(warmUp.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ended = await own!.terminateOtherSessions();
    expect(ended.length).toBeGreaterThan(0);
    // Their processes are gone once PostgreSQL has told each connection; the server has read it by the next round trip.
    await until('the ended sessions to be gone', async () => !(await own!.otherSessions()).some((pid) => ended.includes(pid)), 20_000);

    const next = await listReports();
    expect(next.status).toBe(200);
    expect(linesSaying('The database is not reachable').length).toBeGreaterThan(0);
  });

  it('answers 503 under load while PostgreSQL is down, says so on /api/ready, and serves again once it is back', async () => {
    const fromLine = logLines.length;
    const answers: { status: number; error?: unknown; ms: number }[] = [];
    let loadOn = true;
    const keepCalling = async () => {
      while (loadOn) {
        const started = performance.now();
        const res = await listReports();
        answers.push({ status: res.status, error: (res.body as { error?: unknown }).error, ms: performance.now() - started });
      }
    };
    const callers = [1, 2, 3, 4].map(keepCalling);
    const count = (status: number, from = 0) => answers.slice(from).filter((a) => a.status === status).length;
    try {
      await until('the load to be answered', () => Promise.resolve(count(200) >= 8), 30_000);

      // A fast shutdown ends the sessions under way, as a restart or a failover does.
      await own!.stop();
      const down = answers.length;
      await until('calls to be refused while the database is down', () => Promise.resolve(count(503, down) >= 20), 30_000);

      const readyStarted = performance.now();
      const ready = await server!.call(operations.ready);
      expect(performance.now() - readyStarted).toBeLessThan(READY_DEADLINE_MS);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ success: false, error: 'The database is not reachable.' });

      await own!.start();
      const up = answers.length;
      // Every caller has been answered 200 again: the same server, no restart.
      await until('calls to succeed again', () => Promise.resolve(count(200, up) >= 8), 30_000);
    } finally {
      loadOn = false;
      await Promise.all(callers);
    }

    const statuses = [...new Set(answers.map((a) => a.status))].sort();
    expect(statuses).toEqual([200, 503]);
    const refusals = answers.filter((a) => a.status === 503);
    expect([...new Set(refusals.map((a) => a.error))]).toEqual([DATABASE_UNREACHABLE]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(CALL_DEADLINE_MS);
    expect((await server!.call(operations.ready)).status).toBe(200);

    // The operator reads of the outage and its end, not a line for each of the refused calls.
    expect(linesSaying('request failed', fromLine)).toEqual([]);
    const outageLines = linesSaying('The database is not reachable', fromLine);
    expect(outageLines.length).toBeGreaterThan(0);
    // A call that failed just before the first new connection may be reported just after it, and
    // opens the outage again for a moment: a few lines each way, never one a refused call.
    expect(outageLines.length).toBeLessThanOrEqual(8);
    expect(refusals.length).toBeGreaterThan(5 * outageLines.length);
    const states = logLines.slice(fromLine).filter((l) => /^The database is (not )?reachable/.test(String(l.msg)));
    expect(states.at(-1)?.msg).toBe('The database is reachable again');
  });

  it('runs background jobs again once PostgreSQL is back, without a restart', async () => {
    // A job due a moment from now is found by the queue's own polling, which went on through the outage.
    let ran = false;
    const job = defineJob('outage-test', z.object({}));
    server!.app.deps.jobs.handle(job, () => {
      ran = true;
      return Promise.resolve();
    });
    await server!.app.deps.jobs.enqueue(job, {}, Date.now() + 1500);
    await until('the job to run', () => Promise.resolve(ran), 30_000);
  });
});
