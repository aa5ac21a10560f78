import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { eraseUser } from '../../../src/server/account/erase-user';
import { RENDER_REPORT } from '../../../src/server/reports/render-report';
import { setReportStatus } from '../../../src/server/reports/repos/reports';
import { REPORT_STATUS } from '../../../src/shared/states';
import { describeEachDatabase } from '../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { createReport, listOf } from '../helpers/reports';
import type { TestServer } from '../helpers/test-server';
import { useTestServer } from '../helpers/test-server';

/** A user with `count` reports waiting for their PDF, made as copies of a real user and report (sign-up is rate limited). */
async function userWithReports(server: TestServer, template: { userId: number; reportId: number }, label: string, count: number) {
  const { id: _u, ...user } = await server.db.selectFrom('users').selectAll().where('id', '=', template.userId).executeTakeFirstOrThrow();
  const { id: userId } = await server.db
    .insertInto('users')
    .values({ ...user, email: `erased-${label}@example.com`, confirm_code_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: _r, ...report } = await server.db
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', template.reportId)
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await server.db
      .insertInto('reports')
      .values({
        ...report,
        user_id: userId,
        slug: `erasure-${label}-${i}-abcdefghijklmnop`,
        status: REPORT_STATUS.generating,
        pdf_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return { userId, ids };
}

describeEachDatabase('erasing a user', (dialect) => {
  const server = useTestServer(dialect);

  it('removes the user, their reports and their files, and refuses a user with money records', async () => {
    const { id: userId, cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { report_id } = await createReport(server(), cookie);
    await server().app.deps.jobs.drain();
    const { pdf_key, xml1_key } = await server()
      .db.selectFrom('reports')
      .select(['pdf_key', 'xml1_key'])
      .where('id', '=', report_id)
      .executeTakeFirstOrThrow();
    const storage = server().app.deps.storage;
    expect(await storage.get(pdf_key!)).not.toBeNull();

    const result = await eraseUser(server().db, storage, userId);
    expect(result).toMatchObject({ erased: true, filesLeft: [], endedSessions: [expect.any(String)] });
    expect(await server().db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    expect(await server().db.selectFrom('reports').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await storage.get(pdf_key!)).toBeNull();
    expect(await storage.get(xml1_key)).toBeNull();
    expect(await listOf(server(), cookie).catch(() => 'logged out')).toBe('logged out');
    expect(await eraseUser(server().db, storage, userId)).toEqual({ erased: false, reason: 'No such user.' });

    // A user who was paid keeps their records and their account: they are disabled instead.
    const paid = await loggedInUser(server(), STROMA_ASSESSOR);
    await server()
      .db.insertInto('payouts')
      .values({ user_id: paid.id, month: '2025-01', amount_pence: 500, paid_at: Date.now() })
      .execute();
    expect(await eraseUser(server().db, storage, paid.id)).toMatchObject({
      erased: false,
      reason: expect.stringMatching(/disable them instead/),
    });
    expect(await server().db.selectFrom('users').select('id').where('id', '=', paid.id).execute()).toHaveLength(1);
  });

  if (dialect === 'postgres')
    it("lets a render's write and the erasure of its report's user meet, without a deadlock", async () => {
      const template = await loggedInUser(server(), STROMA_ASSESSOR);
      const { report_id } = await createReport(server(), template.cookie);
      await server().app.deps.jobs.drain();
      const { deps } = server().app;
      const { userId, ids } = await userWithReports(server(), { userId: template.id, reportId: report_id }, 'paused', 3);
      // A pause inside the render's write, after it has locked its report and before its triggers
      // touch the user's counts, held by an advisory lock this test owns: the erasure is started
      // exactly there, the window a busy server hits by chance.
      const key = randomInt(1, 2 ** 31 - 1);
      await sql
        .raw(
          `create function pause_render_write() returns trigger language plpgsql as $$
            begin if new.pdf_key = 'pause-here' then perform pg_advisory_xact_lock_shared(${key}); end if; return null; end $$;
          create trigger a_pause_render_write after update on reports for each row execute function pause_render_write();`,
        )
        .execute(deps.db);
      /** The first backend the query names, once there is one. */
      const firstWaiter = async (query: string) => {
        for (;;) {
          const { rows } = await sql.raw<{ pid: number }>(query).execute(deps.db);
          if (rows[0]) return rows[0].pid;
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const outcome = await deps.db.connection().execute(async (holder) => {
        await sql`select pg_advisory_lock(${key})`.execute(holder);
        let both: Promise<[PromiseSettledResult<boolean>, PromiseSettledResult<unknown>]> | undefined;
        try {
          const render = setReportStatus(deps.db, ids[1], REPORT_STATUS.ready, 'pause-here');
          const renderPid = await firstWaiter(`select pid from pg_locks where locktype = 'advisory' and objid = ${key} and not granted`);
          const erasure = eraseUser(deps.db, deps.storage, userId);
          // The erasure now waits for the report the paused render holds.
          await firstWaiter(`select pid from pg_stat_activity where ${renderPid} = any(pg_blocking_pids(pid))`);
          both = Promise.allSettled([render, erasure]);
        } finally {
          await sql`select pg_advisory_unlock(${key})`.execute(holder);
        }
        return both;
      });
      const [rendering, erasing] = outcome;
      expect(rendering).toEqual({ status: 'fulfilled', value: true });
      expect(erasing).toMatchObject({ status: 'fulfilled', value: { erased: true } });
      expect(await deps.db.selectFrom('reports').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    });

  if (dialect === 'postgres')
    it('erases a user while their reports render, 20 times, without a deadlock; the renders of erased reports end quietly', async () => {
      const template = await loggedInUser(server(), STROMA_ASSESSOR);
      const { report_id } = await createReport(server(), template.cookie);
      await server().app.deps.jobs.drain();
      const { deps } = server().app;
      const renderedIds: number[] = [];
      for (let round = 0; round < 20; round++) {
        const { userId, ids } = await userWithReports(server(), { userId: template.id, reportId: report_id }, `r${round}`, 6);
        renderedIds.push(...ids);
        for (const id of ids) await deps.jobs.enqueue(RENDER_REPORT, { report_id: id });
        // The statement a render ends with, written for every report over and over until the erasure is done: the write it races with.
        let erasing = true;
        const rendersWriting = async (id: number) => {
          for (let i = 0; erasing; i++) {
            const status = i % 2 ? REPORT_STATUS.ready : REPORT_STATUS.regenerating;
            if (!(await setReportStatus(deps.db, id, status, `reports/${id}.pdf`))) return;
          }
        };
        const erasure = eraseUser(deps.db, deps.storage, userId).finally(() => (erasing = false));
        const results = await Promise.allSettled([deps.jobs.drain(), ...ids.map(rendersWriting), erasure]);
        const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason));
        expect(failures).toEqual([]);
        expect(await erasure).toMatchObject({ erased: true });
        expect(await deps.db.selectFrom('reports').select('id').where('user_id', '=', userId).execute()).toEqual([]);
      }
      await deps.jobs.drain();
      const jobs = await deps.db
        .selectFrom('jobs')
        .select(['payload', 'status', 'last_error'])
        .where('kind', '=', RENDER_REPORT.kind)
        .execute();
      const ofErased = jobs.filter((j) => renderedIds.includes((JSON.parse(j.payload) as { report_id: number }).report_id));
      expect(ofErased).toHaveLength(renderedIds.length);
      expect(ofErased.filter((j) => j.status !== 'done' || j.last_error !== null)).toEqual([]);
    });
});
