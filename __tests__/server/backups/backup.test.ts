import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/platform/config/config';
import { addPremiumCredits } from '../../../src/server/access/repos/users';
import { s3Client } from '../../../src/server/platform/storage/s3-storage';
import { SCHEDULED_BACKUP } from '../../../src/server/backups/schedule';
import * as uploads from '../../../src/shared/api/uploads';
import * as reports from '../../../src/shared/api/reports';
import { ok } from '../helpers/answers';
import { STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { createReport, fixture, SAMPLE } from '../helpers/reports';
import { runCli, runCliWith } from '../helpers/operator-cli';
import { PUBLIC_URL, type TestServer } from '../helpers/test-server';
import { premiumCheckout, premiumCheckoutBody, usePrices } from '../payments/payment-helpers';
import { TEST_DATABASE_URL } from '../helpers/postgres';
import { startS3StandIn, useAwsCredentialsOf, type S3StandIn } from '../../support/s3-stand-in';

/**
 * A server on a SQLite FILE in its own DATA_DIR, as an installation runs (the shared test server
 * keeps SQLite in memory, which has nothing to back up). No SESSION_SECRET: the one kept in
 * DATA_DIR is used, as in production, so a restore must bring it back for sessions to survive.
 */
async function serverOn(dataDir: string, env: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL, WEB_ROOT: join(dataDir, 'no-web-app'), ...env });
  const app = await buildApp(config, { rateLimitPrefix: `backup-${randomBytes(6).toString('hex')}`, maxEventLoopDelayMs: 0 });
  const inject: TestServer['inject'] = async ({ method, url, payload, headers = {}, cookie }) => {
    const res = await app.inject({ method, url, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
    const json = String(res.headers['content-type'] ?? '').includes('application/json');
    return { status: res.statusCode, body: res.body && json ? res.json() : res.body, raw: res };
  };
  return {
    app,
    db: app.deps.db,
    dialect: 'sqlite',
    config,
    dataDir,
    inject,
    call: (async (call, body, opts = {}) => {
      const state = call.method === 'POST';
      return inject({
        method: call.method,
        url: `${call.path}${opts.query ? `?${new URLSearchParams(opts.query)}` : ''}`,
        ...(state ? { payload: JSON.stringify(body ?? {}) } : {}),
        headers: state ? { 'content-type': 'application/json', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' } : {},
        cookie: opts.cookie,
      });
    }) as TestServer['call'],
    close: () => app.close(),
  };
}

/** A report from a survey file PUT straight into the bucket, as the browser does with S3 storage. */
async function createReportViaBucket(server: TestServer, cookie: string): Promise<number> {
  const data = fixture(SAMPLE);
  const { upload_to, filename } = ok(await server.call(uploads.upload, { size: data.length, extension: 'xml' }, { cookie }));
  const put = await fetch(upload_to, {
    method: 'PUT',
    body: new Uint8Array(data),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.status).toBe(200);
  ok(await server.call(uploads.uploadFollowup, { filename, which_one: 'A' }, { cookie }));
  const body = {
    xml1_key: filename,
    xml1_original_filename: 'survey.xml',
    cTaxPropertyAddress: '',
    selectedBranding: 'EPCplus',
    manualCTaxBand: 'C',
  } as const;
  const { report_id } = ok(await server.call(reports.createReport, body, { cookie }));
  await server.app.deps.jobs.drain();
  return report_id;
}

/** The report's PDF through the product's own calls: a signed address, then the file it names. */
async function downloadPdf(server: TestServer, cookie: string, reportId: number): Promise<string> {
  const { report_url } = ok(await server.call(reports.reportUrl, { report_id: reportId, mode: 'preliminary' }, { cookie }));
  if (report_url.startsWith('http')) {
    const res = await fetch(report_url); // a presigned address of the bucket
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer())
      .subarray(0, 5)
      .toString();
  }
  const res = await server.inject({ method: 'GET', url: report_url });
  expect(res.status).toBe(200);
  return res.raw.rawPayload.subarray(0, 5).toString();
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
/** Everything in a folder, with each file's checksum: "changes nothing" compared whole. */
async function snapshotOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) out[join(e.parentPath, e.name).slice(dir.length)] = await sha256(join(e.parentPath, e.name));
  return out;
}

const archivesIn = async (dir: string) => (await readdir(dir)).filter((n) => n.endsWith('.tar.gz')).sort();

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'epcplus-backup-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('backup and restore of a SQLite installation', () => {
  let source: TestServer;
  let archive: string;
  let assessor: Awaited<ReturnType<typeof loggedInUser>>;
  const before = { reportIds: [] as number[], purchaseIds: [] as number[] };
  let writtenDuring = 0;
  // Each report uploads survey files: 15 reports stay within the upload route's 60 a minute per address.
  const CREDITS = 15;

  beforeAll(async () => {
    source = await serverOn(join(root, 'live'));
    await usePrices(source);
    assessor = await loggedInUser(source, STROMA_ASSESSOR);
    await addPremiumCredits(source.db, assessor.id, CREDITS);
    const write = async () => {
      const { report_id } = await createReport(source, assessor.cookie);
      const bought = ok(await premiumCheckout(source, assessor.cookie, await premiumCheckoutBody(source, assessor.cookie, true)));
      await source.app.deps.jobs.drain();
      return { report_id, rid: bought.rid };
    };
    for (let i = 0; i < 3; i++) before.reportIds.push((await write()).report_id);
    before.purchaseIds = (await source.db.selectFrom('purchases').select('id').execute()).map((p) => p.id);

    // Reports, PDFs and payments keep being written while the backup command runs beside the server.
    await mkdir(join(root, 'backups'));
    let done = false;
    const backup = runCli(join(root, 'live'), 'backup', join(root, 'backups')).finally(() => {
      done = true;
    });
    while (!done && writtenDuring < CREDITS - before.reportIds.length) {
      await write();
      writtenDuring++;
    }
    const res = await backup;
    expect(res.code).toBe(0);
    const [name] = await archivesIn(join(root, 'backups'));
    archive = join(root, 'backups', name);
    expect(res.stdout).toContain(`Backup written to ${archive}:`);
  }, 120_000);
  afterAll(() => source.close());

  it('restores into a new folder a server starts on: every record and PDF of its moment, and sessions still valid', async () => {
    expect(writtenDuring).toBeGreaterThan(0);
    const res = await runCli(join(root, 'restored'), 'restore', archive);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Restored ${archive}`);
    const restored = await serverOn(join(root, 'restored'));
    try {
      // Everything committed before the backup began is there, and the old session cookie still works.
      const reportIds = (await restored.db.selectFrom('reports').select('id').where('type', '=', 'preliminary').execute()).map((r) => r.id);
      expect(reportIds).toEqual(expect.arrayContaining(before.reportIds));
      for (const id of before.reportIds) expect(await downloadPdf(restored, assessor.cookie, id)).toBe('%PDF-');
      const purchases = await restored.db.selectFrom('purchases').selectAll().execute();
      expect(purchases.map((p) => p.id)).toEqual(expect.arrayContaining(before.purchaseIds));
      expect(purchases.every((p) => p.status === 'paid')).toBe(true);

      // Nothing half-written: each credit spent has its purchase and its report, and every PDF the database names is there.
      const user = await restored.db.selectFrom('users').select('premium_credits').where('id', '=', assessor.id).executeTakeFirstOrThrow();
      expect(user.premium_credits + purchases.length).toBe(CREDITS);
      const premiumIds = new Set(
        (await restored.db.selectFrom('reports').select('id').where('type', '=', 'premium').execute()).map((r) => r.id),
      );
      expect(purchases.every((p) => premiumIds.has(p.premium_report_id!))).toBe(true);
      const withPdf = await restored.db.selectFrom('reports').select('pdf_key').where('pdf_key', 'is not', null).execute();
      expect(withPdf.length).toBeGreaterThanOrEqual(before.reportIds.length);
      for (const { pdf_key } of withPdf) expect((await restored.app.deps.storage.get(pdf_key!))?.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await restored.close();
    }
  });

  it('refuses a DATA_DIR that holds a database, and changes nothing in it', async () => {
    const occupied = join(root, 'occupied');
    const other = await serverOn(occupied);
    await other.close();
    const was = await snapshotOf(occupied);
    const res = await runCli(occupied, 'restore', archive);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`${join(occupied, 'epcplus.sqlite')} exists: a backup is restored only where there is no database yet`);
    expect(await snapshotOf(occupied)).toEqual(was);
  });

  it('refuses a damaged archive (one byte flipped), and a member that does not match the manifest', async () => {
    const flipped = join(root, 'flipped.tar.gz');
    const bytes = await readFile(archive);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    await writeFile(flipped, bytes);
    const target = join(root, 'from-flipped');
    const res = await runCli(target, 'restore', flipped);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`The backup ${flipped} is damaged`);
    expect(existsSync(join(target, 'epcplus.sqlite'))).toBe(false);
    expect(existsSync(join(target, 'files'))).toBe(false);

    // Re-packed whole (a valid gzip and tar) with one PDF changed: only the manifest's checksum catches it.
    const unpacked = join(root, 'unpacked');
    await mkdir(unpacked);
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const pdf = join(unpacked, 'files', 'reports', `${before.reportIds[0]}.pdf`);
    await writeFile(pdf, Buffer.concat([await readFile(pdf), Buffer.from('\n')]));
    const repacked = join(root, 'repacked.tar.gz');
    execFileSync('tar', ['-czf', repacked, '-C', unpacked, '.']);
    const target2 = join(root, 'from-repacked');
    const res2 = await runCli(target2, 'restore', repacked);
    expect(res2.code).toBe(1);
    expect(res2.stderr).toContain(`files/reports/${before.reportIds[0]}.pdf does not match its checksum. Nothing was restored.`);
    expect(existsSync(join(target2, 'epcplus.sqlite'))).toBe(false);
  });
});

describe('backups of a PostgreSQL installation', () => {
  it.each(['backup', 'restore'])('%s answers that PostgreSQL is backed up with its own tools', async (command) => {
    const res = await runCliWith({ DATA_DIR: join(root, 'pg'), DATABASE_URL: TEST_DATABASE_URL }, command, join(root, 'pg.tar.gz'));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('back it up with PostgreSQL’s own tools (pg_dump -Fc, or base backups with WAL archiving)');
    expect(existsSync(join(root, 'pg.tar.gz'))).toBe(false);
  });
});

describe('scheduled backups (BACKUP_TO, BACKUP_EVERY, BACKUP_KEEP)', () => {
  it('writes one in the process that runs jobs, keeps the newest BACKUP_KEEP, leaves other files alone and books the next', async () => {
    const folder = join(root, 'scheduled');
    await mkdir(folder);
    const older = ['epcplus-backup-20200101T000000000Z.tar.gz', 'epcplus-backup-20200102T000000000Z.tar.gz'];
    for (const name of [...older, 'notes.txt']) await writeFile(join(folder, name), 'old');
    const server = await serverOn(join(root, 'scheduled-live'), { BACKUP_TO: folder, BACKUP_EVERY: '6h', BACKUP_KEEP: '2' });
    try {
      const startedAt = Date.now();
      await server.app.deps.jobs.drain();
      const kept = await archivesIn(folder);
      expect(kept).toHaveLength(2);
      expect(kept[0]).toBe(older[1]);
      expect(kept[1] > older[1]).toBe(true);
      expect(existsSync(join(folder, 'notes.txt'))).toBe(true);
      const next = await server.db
        .selectFrom('jobs')
        .select('run_after')
        .where('kind', '=', SCHEDULED_BACKUP.kind)
        .where('status', '=', 'queued')
        .execute();
      expect(next).toHaveLength(1);
      expect(next[0].run_after).toBeGreaterThanOrEqual(startedAt + 6 * 3600_000);

      const res = await runCli(join(root, 'from-scheduled'), 'restore', join(folder, kept[1]));
      expect(res.code).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('backups to an S3-compatible bucket', () => {
  let store: S3StandIn;
  beforeAll(async () => {
    store = await startS3StandIn('epcplus-backup-files');
    useAwsCredentialsOf(store);
    Object.assign(process.env, store.env);
  });
  afterAll(async () => {
    for (const name of Object.keys(store.env)) delete process.env[name];
    await store.close();
  });

  it('round trip: files from the bucket and the database to s3://…, the newest restored into a new installation', async () => {
    const client = s3Client({ ...loadConfig({ ...store.env, DATA_DIR: join(root, 's3-live') }).s3!, bucket: 'epcplus-backups' });
    await client.send(new CreateBucketCommand({ Bucket: 'epcplus-backups' }));
    client.destroy();
    const server = await serverOn(join(root, 's3-live'), store.env);
    let reportIds: number[];
    let cookie: string;
    try {
      const user = await loggedInUser(server, STROMA_ASSESSOR);
      cookie = user.cookie;
      const first = await createReportViaBucket(server, cookie);
      expect((await runCli(join(root, 's3-live'), 'backup', 's3://epcplus-backups/nightly')).code).toBe(0);
      const second = await createReportViaBucket(server, cookie);
      const res = await runCli(join(root, 's3-live'), 'backup', 's3://epcplus-backups/nightly');
      expect(res.code).toBe(0);
      expect(res.stdout).toMatch(
        /^Backup written to s3:\/\/epcplus-backups\/nightly\/epcplus-backup-\d{8}T\d{9}Z\.tar\.gz: 1 users, 2 reports/,
      );
      reportIds = [first, second];
      // The PDFs are lost with the machine's database: the restore brings them back from the archive.
      for (const id of reportIds) await server.app.deps.storage.remove(`reports/${id}.pdf`);
    } finally {
      await server.close();
    }
    // A new machine (an empty DATA_DIR) on the same bucket.
    const restoredDir = join(root, 's3-restored');
    const res = await runCli(restoredDir, 'restore', 's3://epcplus-backups/nightly');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Restored s3://epcplus-backups/nightly/epcplus-backup-');
    const restored = await serverOn(restoredDir, store.env);
    try {
      for (const id of reportIds) expect(await downloadPdf(restored, cookie, id)).toBe('%PDF-');
    } finally {
      await restored.close();
    }
  }, 120_000);
});
