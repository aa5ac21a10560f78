import { z } from 'zod';
import * as operations from '../../../src/shared/api/operations';
import { createJobQueue } from '../../../src/server/platform/jobs/queue';
import { defineJob, defineScheduledJob } from '../../../src/server/platform/jobs/define';
import { bookOnce } from '../../../src/server/platform/jobs/repo';
import { JOB_STATUS } from '../../../src/server/platform/db/job-status';
import { describeEachDatabase } from '../helpers/databases';
import { useTestServer } from '../helpers/test-server';
import { ok } from '../helpers/answers';

const METRICS_TOKEN = 'scrape-me-0123456789';

describeEachDatabase('readiness', (dialect) => {
  const server = useTestServer(dialect);

  it('answers ready when the database and file storage answer, and says Redis is not used', async () => {
    expect(ok(await server().call(operations.ready, undefined))).toMatchObject({
      success: true,
      database: 'ok',
      redis: 'not used',
      storage: 'ok',
    });
  });

  it('keeps /metrics off when no token is set', async () => {
    expect((await server().app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describeEachDatabase('metrics', (dialect) => {
  const server = useTestServer(dialect, { env: { METRICS_TOKEN } });

  it('serves Prometheus metrics to a scraper bearing the token only', async () => {
    expect((await server().app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await server().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    await server().call(operations.health, undefined);
    const res = await server().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/epcplus_http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} 1/);
    expect(res.body).toContain('epcplus_job_queue_depth{state="queued"}');
    expect(res.body).toContain('epcplus_job_queue_oldest_age_seconds');
    expect(res.body).toContain('epcplus_push_connections 0');
  });
});

describeEachDatabase('the job queue shared by several workers', (dialect) => {
  const server = useTestServer(dialect);

  it('runs each job once when two workers of four slots each take from one queue', async () => {
    const { db, log } = server().app.deps;
    const ran: number[] = [];
    const count = 24;
    let allRan: () => void;
    const done = new Promise<void>((resolve) => (allRan = resolve));
    const workers = [0, 1].map(() => createJobQueue(db, log, { concurrency: 4 }));
    const job = defineJob('count', z.object({ n: z.number() }));
    for (const worker of workers)
      worker.handle(job, ({ n }) => {
        ran.push(n);
        if (ran.length >= count) allRan();
        return Promise.resolve();
      });
    for (let n = 0; n < count; n++) await workers[0].enqueue(job, { n });
    workers.forEach((w) => w.start());
    await done;
    await Promise.all(workers.map((w) => w.drain()));
    await Promise.all(workers.map((w) => w.stop()));
    expect([...ran].sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
    const left = await db.selectFrom('jobs').select('id').where('kind', '=', 'count').where('status', '!=', JOB_STATUS.done).execute();
    expect(left).toEqual([]);
  });

  it('takes up, while running, a job whose process died: its claim goes stale and the heartbeat queues it again', async () => {
    const { db, log } = server().app.deps;
    const staleMs = 400;
    const queue = createJobQueue(db, log, { concurrency: 1, staleMs });
    let ran!: (n: number) => void;
    const taken = new Promise<number>((resolve) => (ran = resolve));
    queue.handle(defineJob('orphan', z.object({ n: z.number() })), ({ n }) => {
      ran(n);
      return Promise.resolve();
    });
    queue.start();
    // As a crash leaves it, after this queue started: claimed long ago by a process that is gone.
    await db
      .insertInto('jobs')
      .values({
        kind: 'orphan',
        payload: JSON.stringify({ n: 7 }),
        status: JOB_STATUS.running,
        run_after: 0,
        locked_at: Date.now() - 10 * staleMs,
        attempts: 0,
        created_at: Date.now(),
      })
      .execute();
    expect(await taken).toBe(7);
    await queue.drain();
    await queue.stop();
    const [job] = await db.selectFrom('jobs').select('status').where('kind', '=', 'orphan').execute();
    expect(job.status).toBe(JOB_STATUS.done);
  });

  it('books a daily job once however many processes book it at the same moment', async () => {
    const { db } = server().app.deps;
    await Promise.all([1, 2, 3, 4, 5].map(() => bookOnce(db, 'daily-test', Date.now())));
    const queued = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'daily-test')
      .where('status', '=', JOB_STATUS.queued)
      .execute();
    expect(queued).toHaveLength(1);
  });

  it("books tomorrow's run of a daily job even when today's fails", async () => {
    const { db, log } = server().app.deps;
    const queue = createJobQueue(db, log, { concurrency: 1 });
    const before = Date.now();
    await queue.daily(defineScheduledJob('daily-failing'), () => Promise.reject(new Error('storage away')));
    await queue.drain();
    const runs = await db
      .selectFrom('jobs')
      .select(['run_after', 'attempts'])
      .where('kind', '=', 'daily-failing')
      .where('status', '=', JOB_STATUS.queued)
      .orderBy('run_after')
      .execute();
    const DAY_MS = 24 * 3600_000;
    // Today's, to be tried again in seconds, and tomorrow's.
    expect(runs.map((r) => Number(r.attempts))).toEqual([1, 0]);
    expect(Number(runs[0].run_after)).toBeLessThan(before + DAY_MS / 2);
    expect(Number(runs[1].run_after)).toBeGreaterThanOrEqual(before + DAY_MS);
  });
});
