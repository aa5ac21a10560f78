import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { REPORT_STATUS } from '../../src/shared/states';

export type BenchDialect = 'SQLite' | 'PostgreSQL';
/** The PostgreSQL the benches use (a schema of their own, dropped after); unset: the tests' one. */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The server tests' schema lock (__tests__/server/helpers/postgres.ts). */
const SCHEMA_LOCK = 4_711_2026;

export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** `runs` runs of `once`, one after another: the time each took, in ms. */
export async function timedRuns(runs: number, once: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await once();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return samples;
}

/** SQLite always; PostgreSQL when BENCH_DATABASE_URL (or the tests' one) answers. */
export async function benchDialects(): Promise<BenchDialect[]> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return ['SQLite', 'PostgreSQL'];
  } catch {
    console.log('(PostgreSQL not reachable: set BENCH_DATABASE_URL for its figures)');
    return ['SQLite'];
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh, migrated database of either kind, as the server opens it (an app is built on it with its dataDir). */
export async function openBenchDb(dialect: BenchDialect): Promise<{
  db: Db;
  dataDir: string;
  /** How a driver of its own reaches the same database, past Kysely (the throughput bench's floor). */
  driver: { sqliteFile: string } | { pgOptions: pg.PoolConfig };
  migrating<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'epcplus-bench-db-'));
  const schema = dialect === 'PostgreSQL' ? `bench_${randomBytes(6).toString('hex')}` : null;
  const admin = async (q: string) => {
    const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await client.connect();
    await client.query(q).finally(() => client.end());
  };
  if (schema) await admin(`create schema ${schema}`);
  const opts = { databaseUrl: schema ? BENCH_DATABASE_URL : null, dataDir, ...(schema ? { pgSchema: schema } : {}) };
  const db = createDb(opts);
  /** Kysely's migrator reads every schema, and a test may drop its own meanwhile: the tests' lock keeps them apart. */
  const migrating = async <T>(work: () => Promise<T>): Promise<T> => {
    if (!schema) return work();
    const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock_shared($1)', [SCHEMA_LOCK]);
      return await work();
    } finally {
      await client.end();
    }
  };
  await migrating(() => migrateToLatest(db));
  return {
    db,
    migrating,
    dataDir,
    driver: schema
      ? { pgOptions: { connectionString: BENCH_DATABASE_URL, options: `-c search_path=${schema}` } }
      : { sqliteFile: join(dataDir, 'epcplus.sqlite') },
    async close() {
      await db.destroy();
      if (schema) await admin(`drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function insertBenchUser(db: Db, email: string): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('users')
    .values({
      email,
      password_hash: 'x',
      name: 'Bench',
      phone: '',
      role: 'surveyor',
      scheme: 'other',
      email_confirmed_at: now,
      confirm_code_hash: null,
      locked_until: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** `count` Ready Preliminary reports of one user, written straight to the table (1 in 10 deleted); postcodes AB0 0CD … AB89 8CD. */
export async function seedReports(db: Db, userId: number, count: number): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `${i + 1} Bench Street, Town, AB${i % 90} ${i % 9}CD`;
    const ref = `0000-0000-${String(Math.floor(i / 10_000)).padStart(4, '0')}-${String(i % 10_000).padStart(4, '0')}`;
    return {
      user_id: userId,
      slug: `bench-slug-${userId}-${i}-0123456789`,
      type: 'preliminary' as const,
      status: REPORT_STATUS.ready,
      name,
      search_text: `${name} ab${i % 90}${i % 9}cd ${ref}`.toLowerCase(),
      assessor_ref: ref,
      current_epc: 50,
      current_epc_band: 'E',
      survey: '{}',
      measures: '[]',
      ctax_band: 'C',
      branding_id: null,
      xml1_key: 'uploads/x.xml',
      pdf_key: null,
      created_at: now - i * 60_000,
      updated_at: now,
      deleted_at: i % 10 === 0 ? now : null,
    };
  });
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('reports')
      .values(rows.slice(i, i + 1000))
      .execute();
}
