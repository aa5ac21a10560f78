import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config/config';
import { listReports } from '../../src/server/reports/list';
import { renderReport } from '../../src/server/reports/render-report';
import type { Db } from '../../src/server/platform/db/database';
import { BENCH_PUBLIC_URL, createReportFrom, logIn, signedUpAssessor, uploadSampleSurvey } from './bench-api';
import { openBenchDb, percentile, seedReports, timedRuns, type BenchDialect } from './bench-db';
import { recordGoal } from './goals';

/** Reports of the assessor at each size: three assessors in one table, each the others' neighbours in it. */
const SIZES = [1_000, 10_000, 100_000];
/**
 * Timed runs of the list and the search at each size (BENCH_GROWTH_RUNS shortens them), in
 * ROUNDS rounds taking the sizes in turn: a machine that slows down for a while (it is shared)
 * slows every size alike, where measuring one size after another would charge it to one.
 */
const RUNS = Number(process.env.BENCH_GROWTH_RUNS) || 200;
const ROUNDS = 10;
/**
 * A render takes tens of ms: two a round. Drawing is most of it and no database read: its time on a
 * busy machine varies by two or three times from one render to the next, so the median needs these.
 */
const RENDER_RUNS = 2 * ROUNDS;
/** How a time may grow from 1 000 to 100 000 reports and still grow no faster than log n. */
const LOG_GROWTH = Math.log(100_000) / Math.log(1_000);
/**
 * Under this, a time is mostly the timer's and the event loop's noise, not the database's: growth
 * is taken from this floor when the time at 1 000 is smaller (a list page in 0.05 ms that takes
 * 0.09 ms at 100 000 has not grown by 1.8 in any sense that matters).
 */
const NOISE_FLOOR_MS = 0.2;
/** A street five of each assessor's reports are on, at every size: a search whose answer does not grow with the list. */
const STREET = 'Acacia Avenue';
const SEARCH = 'acacia avenue';

const OPERATIONS = ['list, first page', `search "${SEARCH}"`, 'render (read, draw, store)'] as const;
type Operation = (typeof OPERATIONS)[number];

/** The app on the bench's database as a web process (it runs no jobs: the bench calls the render job's handler itself). */
async function appOn(bench: Awaited<ReturnType<typeof openBenchDb>>): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: bench.dataDir, PUBLIC_URL: BENCH_PUBLIC_URL });
  return bench.migrating(() => buildApp(config, { db: bench.db, role: 'web' }));
}

/** Five of the user's seeded reports moved to STREET (their search text with them, so both indexes follow). */
async function onTheStreet(db: Db, userId: number): Promise<void> {
  const rows = await db
    .selectFrom('reports')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    // The last seeded: the report made through the API (the first) keeps its own address.
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  for (const [n, { id }] of rows.entries()) {
    const name = `${n + 1} ${STREET}, Town, AB1 2CD`;
    await db
      .updateTable('reports')
      .set({ name, search_text: `${name} ab12cd`.toLowerCase() })
      .where('id', '=', id)
      .execute();
  }
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

/** An assessor of `size` reports, one of them made through the API (the one rendered), five on STREET. */
interface Assessor {
  size: number;
  userId: number;
  reportId: number;
}

/** Each operation's samples at each size. */
type Samples = Map<Operation, number[][]>;

/** `runs` runs of each operation at each size, the sizes in turn, in ROUNDS rounds. */
async function measureInTurn(app: FastifyInstance, assessors: Assessor[], samples: Samples): Promise<void> {
  const { db } = app.deps;
  const calls = (a: Assessor): [Operation, number, () => Promise<unknown>][] => {
    const q = { userId: a.userId, mode: 'preliminary' as const, deleted: false, page: 1 };
    return [
      ['list, first page', RUNS / ROUNDS, () => listReports(db, BENCH_PUBLIC_URL, { ...q, search: '' })],
      [`search "${SEARCH}"`, RUNS / ROUNDS, () => listReports(db, BENCH_PUBLIC_URL, { ...q, search: SEARCH })],
      ['render (read, draw, store)', RENDER_RUNS / ROUNDS, () => renderReport(app.deps, a.reportId)],
    ];
  };
  // Warm-up: JIT, statement caches, and each render thread's first drawings.
  for (const a of assessors) for (const [, runs, once] of calls(a)) await timedRuns(Math.max(4, runs), once);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < assessors.length; i++) {
      const a = assessors[(round + i) % assessors.length];
      const at = SIZES.indexOf(a.size);
      for (const [op, runs, once] of calls(a)) samples.get(op)![at].push(...(await timedRuns(runs, once)));
    }
  }
}

/**
 * The list's first page, a search and a render at 1 000, 10 000 and 100 000 reports of an
 * assessor, on each database: three assessors in one table, each with the others' reports beside
 * theirs. Each operation runs through the product's own functions, in process: the list and the
 * search as a request that finds no kept page, the render as the render job does it. Growth is the
 * median at 100 000 over the median at 1 000; growing no faster than log n, it stays at or under
 * log(100 000) / log(1 000) = 1.67.
 */
export async function growthBench(dialects: BenchDialect[]): Promise<void> {
  console.log(
    `${RUNS} runs of the list and the search, ${RENDER_RUNS} renders, at each size, the sizes in turn in ${ROUNDS} rounds ` +
      `(after a warm-up); the search finds 5 reports at every size; ` +
      `growth t(100 000) / t(1 000) against log(100 000) / log(1 000) = ${LOG_GROWTH.toFixed(2)}`,
  );
  for (const dialect of dialects) {
    const bench = await openBenchDb(dialect);
    const app = await appOn(bench);
    try {
      const { db } = bench;
      const t0 = performance.now();
      const assessors: Assessor[] = [];
      for (const size of SIZES) {
        const email = `growth-${size}@example.com`;
        const userId = await signedUpAssessor(app, email);
        const cookie = await logIn(app, email);
        const reportId = await createReportFrom(app, cookie, await uploadSampleSurvey(app, cookie));
        // The report made through the API is the first of them.
        await seedReports(db, userId, size - 1);
        await onTheStreet(db, userId);
        assessors.push({ size, userId, reportId });
      }
      // As autovacuum leaves a table after a bulk load: planned from its statistics.
      if (dialect === 'PostgreSQL') await sql`vacuum analyze reports`.execute(db);
      for (const a of assessors) {
        const found = await listReports(db, BENCH_PUBLIC_URL, {
          userId: a.userId,
          mode: 'preliminary',
          deleted: false,
          page: 1,
          search: SEARCH,
        });
        if (found.total !== 5) throw new Error(`the search found ${found.total} reports, not 5`);
      }
      console.log(
        `${dialect}: ${SIZES.map((n) => n.toLocaleString('en-GB')).join(' + ')} reports seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const samples: Samples = new Map(OPERATIONS.map((op) => [op, SIZES.map(() => [])]));
      await measureInTurn(app, assessors, samples);
      for (const op of OPERATIONS) {
        const medians = samples.get(op)!.map((xs) => percentile(xs, 50));
        console.log(
          `  ${op.padEnd(28)} ` +
            samples
              .get(op)!
              .map((xs, i) => `${SIZES[i].toLocaleString('en-GB')}: median ${ms(medians[i])} ms, p95 ${ms(percentile(xs, 95))} ms`)
              .join('; '),
        );
        const [small, , large] = medians;
        const base = Math.max(small, NOISE_FLOOR_MS);
        const growth = large / base;
        const floored = base > small ? ` (from the ${NOISE_FLOOR_MS} ms noise floor, not ${ms(small)} ms)` : '';
        console.log(
          `  ${''.padEnd(28)} grows ${growth.toFixed(2)}x from 1 000 to 100 000 reports${floored}; log n would be ${LOG_GROWTH.toFixed(2)}x, linear 100x`,
        );
        recordGoal({
          figure: `${dialect}: ${op}, 1 000 to 100 000 reports`,
          goal: `grows no faster than log n (<= ${LOG_GROWTH.toFixed(2)}x)`,
          measured: `${growth.toFixed(2)}x`,
          met: growth <= LOG_GROWTH,
        });
      }
    } finally {
      await app.close();
      await bench.close();
    }
  }
}
