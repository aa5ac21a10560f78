import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import * as access from '../../../src/shared/api/access';
import * as uploads from '../../../src/shared/api/uploads';
import * as reports from '../../../src/shared/api/reports';
import { createInvites } from '../../../src/server/access/repos/invites';
import { createDb, type Db } from '../../../src/server/platform/db/database';
import { migrateToLatest } from '../../../src/server/platform/db/migrate';
import { JOB_STATUS } from '../../../src/server/platform/db/job-status';
import { RENDER_REPORT } from '../../../src/server/reports/render-report';
import { isPostgresAvailable, TEST_DATABASE_URL, withPgClient } from '../helpers/postgres';
import { fixture, SAMPLE } from '../helpers/reports';
import { signupBody } from '../helpers/factories';
import { openSocket } from '../helpers/sockets';
import { startS3StandIn, type S3StandIn } from '../../support/s3-stand-in';
import { callOver, outbox, startMember, stopMember, until, type Member } from './cluster';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONFIRM_LINK = /\/confirm\/([A-Za-z0-9_-]+)/;

/**
 * The product as operators scale it out: two `npm run web` processes and `npm run worker`, each its
 * own OS process, sharing PostgreSQL, Redis and an S3-compatible bucket.
 */
(isPostgresAvailable() ? describe : describe.skip)('two web processes and a worker', () => {
  let store: S3StandIn;
  let dataDir: string;
  let database: string;
  let databaseUrl: string;
  let db: Db;
  let env: Record<string, string>;
  const members: Member[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    store = await startS3StandIn('epcplus-cluster');
    dataDir = await mkdtemp(join(tmpdir(), 'epcplus-cluster-'));
    // A database of its own, not a schema: the processes migrate it while other suites come and go.
    database = `epcplus_cluster_${randomBytes(6).toString('hex')}`;
    await withPgClient((client) => client.query(`CREATE DATABASE ${database}`));
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.href;
    db = createDb({ databaseUrl, dataDir });
    await migrateToLatest(db);
    env = {
      ...store.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // The outbox stands in for a mail server all processes share.
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      JOB_STALE_MS: '2000',
      SHUTDOWN_GRACE_MS: '5000',
    };
  });

  const start = (role: 'web' | 'worker') => startMember(role, env);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all(members.map(stopMember));
    await db.destroy();
    await withPgClient((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('signs up on one, renders on the worker, pushes Ready! from the other, and loses nothing when the worker is killed mid-render', async () => {
    const [web1, web2, worker] = await Promise.all([start('web'), start('web'), start('worker')]);
    members.push(web1, web2, worker);
    const { PUBLIC_URL } = env;

    // Sign up on web1; the worker sends the confirmation email; confirm and log in on web2.
    const [invite] = await createInvites(db, 1);
    const body = signupBody(invite, { scheme: 'stroma' });
    expect((await callOver(web1, PUBLIC_URL, access.signup, body)).status).toBe(200);
    const code = await until(
      'the confirmation email',
      async () => (await outbox(dataDir)).find((m) => m.to === body.email)?.text.match(CONFIRM_LINK)?.[1],
    );
    expect((await callOver(web2, PUBLIC_URL, access.userValidate, { code })).status).toBe(200);
    const login = await callOver(web2, PUBLIC_URL, access.login, { username: body.email, password: body.password });
    const cookie = login.cookie!;

    // The list open on web2, on a socket.
    const socket = await openSocket(web2.url, { cookie, origin: PUBLIC_URL });
    sockets.push(socket);
    const pushed: number[] = [];
    socket.on('reportListUpdate', (p: { report_id?: number }) => pushed.push(p.report_id ?? 0));

    // Upload on web1 straight to the bucket, check it and create the report.
    const createOn = async (member: Member) => {
      const survey = fixture(SAMPLE);
      const started = await callOver(member, PUBLIC_URL, uploads.upload, { extension: 'xml', size: survey.length }, cookie);
      const uploadTo = started.body.upload_to as string;
      expect(uploadTo.startsWith(store.env.S3_ENDPOINT)).toBe(true);
      const put = await fetch(uploadTo, {
        method: 'PUT',
        body: new Uint8Array(survey),
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(put.status).toBe(200);
      const filename = started.body.filename as string;
      expect((await callOver(member, PUBLIC_URL, uploads.uploadFollowup, { filename, which_one: 'A' }, cookie)).status).toBe(200);
      const created = await callOver(
        member,
        PUBLIC_URL,
        reports.createReport,
        {
          xml1_key: filename,
          xml1_original_filename: 'survey.xml',
          cTaxPropertyAddress: '',
          selectedBranding: 'EPCplus',
          manualCTaxBand: 'C',
        },
        cookie,
      );
      expect(created.body).toMatchObject({ success: true });
      return created.body.report_id as number;
    };
    const listOn = async (member: Member) =>
      (await callOver(member, PUBLIC_URL, reports.reportsList, undefined, cookie, { mode: 'preliminary' })).body.reports_list as {
        report_id: number;
        status: string;
      }[];

    const first = await createOn(web1);
    // web2 pushes the worker's Ready! (through Redis) and lists it.
    await until('web2 to list the report Ready!', async () =>
      (await listOn(web2)).find((r) => r.report_id === first && r.status === 'Ready!'),
    );
    await until('the push of the rendered report on web2', () => Promise.resolve(pushed.filter((id) => id === first).length >= 2));
    const url = await callOver(web2, PUBLIC_URL, reports.reportUrl, { report_id: first, mode: 'preliminary' }, cookie);
    const pdf = await fetch(url.body.report_url as string);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Several renders queued, the worker killed mid-render: a new worker takes up what it left. A
    // warm render takes milliseconds, so the kill must not race it: the worker is paused while the
    // reports are created, and they are held by a transaction of ours, so its jobs, once claimed,
    // cannot set them Ready! before the kill.
    worker.child.kill('SIGSTOP');
    const more: number[] = [];
    for (let i = 0; i < 4; i++) more.push(await createOn(i % 2 ? web2 : web1));
    await db.transaction().execute(async (tx) => {
      await tx.selectFrom('reports').select('id').where('id', 'in', more).forUpdate().execute();
      worker.child.kill('SIGCONT');
      await until('the worker to be rendering', async () =>
        db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', RENDER_REPORT.kind)
          .where('status', '=', JOB_STATUS.running)
          .executeTakeFirst(),
      );
      worker.child.kill('SIGKILL');
      await worker.exited;
    });
    const abandoned = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', RENDER_REPORT.kind)
      .where('status', '=', JOB_STATUS.running)
      .execute();
    // The worker runs two jobs per render thread, so one or more were cut off mid-render.
    expect(abandoned.length).toBeGreaterThanOrEqual(1);
    members.push(await start('worker'));
    // Every job done, not only every report Ready!: a killed worker's statement that was waiting
    // on our lock may still set its report Ready! (PostgreSQL sees the client gone only after it).
    await until('every render done after the new worker took over', async () => {
      const renders = await db.selectFrom('jobs').select(['status']).where('kind', '=', RENDER_REPORT.kind).execute();
      return renders.length === 5 && renders.every((r) => r.status === JOB_STATUS.done);
    });
    const list = await listOn(web1);
    expect(list).toHaveLength(5);
    expect(list.map((r) => r.status)).toEqual(Array(5).fill('Ready!'));

    // SIGTERM: web2 closes the socket's transport, after which a socket.io client reconnects (to
    // another process behind the balancer), and the process ends cleanly.
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    web2.child.kill('SIGTERM');
    expect(await disconnected).toBe('transport close');
    expect(await web2.exited).toBe(0);
  });
});
