import { createReadStream, createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../src/server/platform/db/database';
import { createJobQueue } from '../../src/server/platform/jobs/queue';
import type { Realtime } from '../../src/server/platform/realtime/realtime';
import { importRegister } from '../../src/server/portfolios/register-import/import';
import { insertBenchUser, openBenchDb, type BenchDialect } from './bench-db';

const CERTIFICATES = 100_000;
const RECOMMENDATIONS_EACH = 3;
/** One certificate in ten is an older one of a home listed before it: the import keeps the newer. */
const OLDER_EVERY = 10;
/** The register's files have some ninety columns; the import reads a dozen of them. */
const FILLER_COLUMNS = 75;
const SAMPLE_EVERY_MS = 25;
const LIVE_EVERY_MS = 2000;

const MB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

async function line(out: WriteStream, text: string): Promise<void> {
  if (!out.write(`${text}\n`)) await once(out, 'drain');
}

async function closed(out: WriteStream): Promise<void> {
  out.end();
  await once(out, 'close');
}

/** certificates.csv and recommendations.csv of CERTIFICATES rows, written a row at a time. */
async function writeFiles(dir: string): Promise<{ certificates: string; recommendations: string }> {
  const certificates = join(dir, 'certificates.csv');
  const recommendations = join(dir, 'recommendations.csv');
  const c = createWriteStream(certificates);
  const r = createWriteStream(recommendations);
  const filler = Array.from({ length: FILLER_COLUMNS }, (_, i) => `EXTRA_${i}`);
  await line(
    c,
    [
      'LMK_KEY,ADDRESS1,ADDRESS2,ADDRESS3,POSTCODE,UPRN,CURRENT_ENERGY_RATING,CURRENT_ENERGY_EFFICIENCY',
      'POTENTIAL_ENERGY_EFFICIENCY,PROPERTY_TYPE,TENURE,LODGEMENT_DATE,LOCAL_AUTHORITY,ENVIRONMENT_IMPACT_CURRENT',
      ...filler,
    ].join(','),
  );
  await line(
    r,
    'LMK_KEY,IMPROVEMENT_ITEM,IMPROVEMENT_SUMMARY_TEXT,IMPROVEMENT_DESCR_TEXT,IMPROVEMENT_ID,IMPROVEMENT_ID_TEXT,INDICATIVE_COST',
  );
  const fillerValues = filler.map((_, i) => `"value ${i}"`).join(',');
  for (let i = 0; i < CERTIFICATES; i++) {
    const older = i % OLDER_EVERY === OLDER_EVERY - 1;
    const home = older ? i - 5 : i;
    const lmk = `${String(i).padStart(12, '0')}${'0123456789abcdef0123456789'.slice(i % 7)}`;
    const rating = 20 + (i % 60);
    const uprn = home % 2 === 0 ? String(100_000_000 + home) : '';
    const date = older ? '2012-03-04' : `20${15 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`;
    const welsh = home % 20 === 0;
    await line(
      c,
      [
        `"${lmk}"`,
        `"${home} Bench Street"`,
        '""',
        '"Benchtown"',
        `"${welsh ? 'CF' : 'LS'}${home % 99} ${home % 9}AB"`,
        `"${uprn}"`,
        '"D"',
        String(rating),
        String(Math.min(99, rating + 25)),
        '"House"',
        '"Rented (private)"',
        date,
        welsh ? 'W06000015' : 'E08000035',
        '55',
        fillerValues,
      ].join(','),
    );
    for (let item = 1; item <= RECOMMENDATIONS_EACH; item++)
      await line(
        r,
        `"${lmk}",${item},"Step ${item}","A longer description of step ${item}, as the register writes it",${[5, 6, 34][item - 1]},"Measure ${item}","£${item},000 - £${item + 2},000"`,
      );
  }
  await Promise.all([closed(c), closed(r)]);
  return { certificates, recommendations };
}

const quietLog = (): FastifyBaseLogger => {
  const quiet = () => undefined;
  const log = {
    level: 'warn',
    fatal: quiet,
    error: quiet,
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
  } as unknown as FastifyBaseLogger;
  log.child = () => log;
  return log;
};

async function assessorAndPortfolio(db: Db): Promise<{ userId: number; portfolioId: number }> {
  const now = Date.now();
  const userId = await insertBenchUser(db, 'import@example.com');
  const { id: portfolioId } = await db
    .insertInto('portfolios')
    .values({
      user_id: userId,
      slug: 'bench-portfolio-slug-0123',
      name: 'Bench',
      client_name: 'Bench',
      client_email: 'import@example.com',
      branding_id: null,
      search_text: 'bench',
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId, portfolioId };
}

/** The collector on demand, so the live heap can be read apart from garbage not yet collected. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Runs the work while sampling the process's memory: its time, the highest RSS and heap seen, and
 * the highest live heap (read just after a collection every LIVE_EVERY_MS).
 */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; rss: number; heap: number; live: number }> {
  const gc = collector();
  let rss = 0;
  let heap = 0;
  let live = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const sampleLive = () => {
    gc();
    live = Math.max(live, process.memoryUsage().heapUsed);
  };
  gc();
  const before = process.memoryUsage().heapUsed;
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  const liveTimer = setInterval(sampleLive, LIVE_EVERY_MS);
  const started = process.hrtime.bigint();
  try {
    const value = await work();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    sample();
    return { value, seconds, rss, heap, live: live - before };
  } finally {
    clearInterval(timer);
    clearInterval(liveTimer);
  }
}

/**
 * The register import of 100 000 certificates (and 300 000 recommendations) into a fresh
 * database: rows a second and the process's peak memory, then the same files imported again
 * (every home matched and updated). The goal is under 60 s, with a live heap of one small entry a
 * home: the rows themselves wait on disk, never in memory.
 */
export async function registerImportBench(dialects: BenchDialect[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'epcplus-bench-import-'));
  try {
    const files = await writeFiles(dir);
    for (const dialect of dialects) {
      const bench = await openBenchDb(dialect);
      try {
        const target = await assessorAndPortfolio(bench.db);
        const deps = {
          db: bench.db,
          jobs: createJobQueue(bench.db, quietLog()),
          realtime: { push: () => undefined } as unknown as Realtime,
        };
        const run = () =>
          importRegister(deps, {
            ...target,
            certificates: createReadStream(files.certificates),
            recommendations: createReadStream(files.recommendations),
          });
        for (const label of ['first import', 're-import']) {
          const { value, seconds, rss, heap, live } = await measured(run);
          console.log(
            `${dialect} ${label.padEnd(13)} ${value.rows} rows, ${value.homes} homes in ${seconds.toFixed(1)} s: ` +
              `${Math.round(value.rows / seconds).toLocaleString('en-GB')} rows/s, peak RSS ${MB(rss)}, peak heap ${MB(heap)} ` +
              `(live, after collection: ${MB(live)} more than before), ${value.problem_count} problems`,
          );
        }
      } finally {
        await bench.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
