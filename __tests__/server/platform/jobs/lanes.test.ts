import { z } from 'zod';
import { defineJob } from '../../../../src/server/platform/jobs/define';
import { createJobQueue } from '../../../../src/server/platform/jobs/queue';
import { describeEachDatabase } from '../../helpers/databases';
import { useTestServer } from '../../helpers/test-server';

describeEachDatabase('job queue lanes', (dialect) => {
  const server = useTestServer(dialect);
  const FIRST = defineJob('lane_first', z.object({}));
  const NEXT = defineJob('lane_next', z.object({}));

  it('drains the jobs that a job of another lane queued, after that lane had found none', async () => {
    const { db, log } = server().app.deps;
    const queue = createJobQueue(db, log, { lanes: [{ kinds: [FIRST.kind], concurrency: 1 }], concurrency: 1 });
    const ran: string[] = [];
    queue.handle(FIRST, async () => {
      ran.push(FIRST.kind);
      await queue.enqueue(NEXT, {});
    });
    queue.handle(NEXT, () => Promise.resolve(void ran.push(NEXT.kind)));
    await queue.enqueue(FIRST, {});
    await queue.drain();
    expect(ran).toEqual([FIRST.kind, NEXT.kind]);
  });

  it('runs each lane no more jobs at once than it has slots, the others beside them', async () => {
    const { db, log } = server().app.deps;
    const queue = createJobQueue(db, log, { lanes: [{ kinds: [FIRST.kind], concurrency: 2 }], concurrency: 1 });
    let running = 0;
    let most = 0;
    let laneFull!: () => void;
    const full = new Promise<void>((resolve) => (laneFull = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let nextRan!: () => void;
    const next = new Promise<void>((resolve) => (nextRan = resolve));
    queue.handle(FIRST, async () => {
      most = Math.max(most, ++running);
      if (running === 2) laneFull();
      await gate;
      running--;
    });
    queue.handle(NEXT, () => Promise.resolve(nextRan()));
    for (let i = 0; i < 5; i++) await queue.enqueue(FIRST, {});
    await queue.enqueue(NEXT, {});
    const drained = queue.drain();
    // The lane's jobs wait at the gate, two claimed and three left queued: the other job runs beside them all the same.
    await Promise.all([full, next]);
    const claimed = await db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('kind', '=', FIRST.kind)
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(claimed.map((r) => [r.status, Number(r.n)]))).toEqual({ running: 2, queued: 3 });
    open();
    await drained;
    expect(most).toBe(2);
    expect(queue.concurrency).toBe(3);
  });
});
