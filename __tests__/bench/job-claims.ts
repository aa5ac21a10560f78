import type { Db } from '../../src/server/platform/db/database';
import { JOB_STATUS, type JobStatus } from '../../src/server/platform/db/job-status';
import { claimNextReadyJob } from '../../src/server/platform/jobs/repo';
import { SEND_EMAIL } from '../../src/server/platform/email/mailer';
import { RESET_REQUEST } from '../../src/server/access/jobs';
import { REFUND_PAYMENT } from '../../src/server/payments/refunds';
import { LOCATE_POSTCODES } from '../../src/server/portfolios/jobs';
import { RENDER_PREMIUM } from '../../src/server/premium/render-job';
import { RENDER_REPORT } from '../../src/server/reports/render-report';
import { openBenchDb, percentile, timedRuns, type BenchDialect } from './bench-db';
import { recordGoal } from './goals';

/** The job queue's two lanes: renders, and every other kind (an email never waits behind renders). */
const LANES = {
  renders: [RENDER_REPORT.kind, RENDER_PREMIUM.kind],
  others: [SEND_EMAIL.kind, RESET_REQUEST.kind, REFUND_PAYMENT.kind, LOCATE_POSTCODES.kind],
};
const DEPTHS = [100, 5_000];
/** Done jobs stay in the table (a day's emails and renders); a claim must not read them. */
const DONE_JOBS = 20_000;
const RUNS = 300;
/** A claim may cost a little more with a deeper queue, not grow with it. */
const MOST_GROWTH = 2;

async function addJobs(db: Db, count: number, status: JobStatus, kinds: string[], now: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    kind: kinds[i % kinds.length],
    payload: '{"report_id":1}',
    status,
    attempts: 0,
    run_after: now - 1_000,
    locked_at: null,
    last_error: null,
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('jobs')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** One claim, undone: the queue stays as deep for the next run. */
async function claimUndone(db: Db, kinds: string[], now: number) {
  const undo = new Error('undo the claim');
  await db
    .transaction()
    .execute(async (trx) => {
      if (!(await claimNextReadyJob(trx, kinds, now))) throw new Error('nothing was claimed');
      throw undo;
    })
    .catch((err: unknown) => {
      if (err !== undo) throw err;
    });
}

/** What claiming the next job costs each lane while renders queue up behind a busy pool. */
export async function jobClaimsBench(dialects: BenchDialect[]): Promise<void> {
  for (const dialect of dialects) {
    const bench = await openBenchDb(dialect);
    try {
      const now = Date.now();
      await addJobs(bench.db, DONE_JOBS, JOB_STATUS.done, [...LANES.renders, SEND_EMAIL.kind], now);
      // One job of each other kind waits too, so both lanes always find one.
      await addJobs(bench.db, LANES.others.length, JOB_STATUS.queued, LANES.others, now);
      const medians: Record<string, number[]> = { renders: [], others: [] };
      let queued = 0;
      for (const depth of DEPTHS) {
        await addJobs(bench.db, depth - queued, JOB_STATUS.queued, LANES.renders, now);
        queued = depth;
        for (const [lane, kinds] of Object.entries(LANES)) {
          const samples = await timedRuns(RUNS, () => claimUndone(bench.db, kinds, now));
          const median = percentile(samples, 50);
          medians[lane].push(median);
          console.log(
            `${dialect}: ${lane.padEnd(7)} claim with ${String(depth).padStart(5)} renders queued: median ${median.toFixed(3)} ms, p95 ${percentile(samples, 95).toFixed(3)} ms`,
          );
        }
      }
      for (const [lane, [shallow, deep]] of Object.entries(medians)) {
        const growth = deep / shallow;
        recordGoal({
          figure: `${dialect}: a ${lane} claim, ${DEPTHS[1]} renders queued against ${DEPTHS[0]}`,
          goal: `<= ${MOST_GROWTH}x`,
          measured: `${growth.toFixed(2)}x (${shallow.toFixed(3)} to ${deep.toFixed(3)} ms)`,
          met: growth <= MOST_GROWTH,
        });
      }
    } finally {
      await bench.close();
    }
  }
}
