import { sql } from 'kysely';
import { deleteReportRow, moveReportStatus, setReportDeletedAt, setReportStatus } from '../../../src/server/reports/repos/reports';
import { REPORT_STATUS, REPORT_TYPE } from '../../../src/shared/states';
import { describeEachDatabase } from '../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { createReport, listOf } from '../helpers/reports';

/** Copies of a real report, written as the report repository writes them. */
async function copiesOf(server: TestServer, cookie: string, count: number): Promise<number[]> {
  const { report_id } = await createReport(server, cookie);
  const row = await server.db.selectFrom('reports').selectAll().where('id', '=', report_id).executeTakeFirstOrThrow();
  const ids = [report_id];
  for (let i = 1; i < count; i++) {
    const { id: _id, ...copy } = row;
    const { id } = await server.db
      .insertInto('reports')
      .values({ ...copy, slug: `count-slug-${report_id}-${i}-abcdefghij`, created_at: row.created_at + i })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

/** The totals each list shows, as the assessor's screens ask for them. */
async function totals(server: TestServer, cookie: string) {
  const total = async (query: Record<string, string>) => (await listOf(server, cookie, query)).total;
  return {
    list: await total({ mode: 'preliminary' }),
    deleted: await total({ mode: 'preliminary', deleted: 'yes' }),
    pending: await total({ mode: 'pending' }),
  };
}

/**
 * The counts the database keeps must equal a count of the reports themselves. The two are read by
 * two statements, so the renders still queued finish first: a render moving its report between
 * the two reads would make them disagree when the counts are right.
 */
async function expectCountsAgreeWithReports(server: TestServer): Promise<void> {
  await server.app.deps.jobs.drain();
  const kept = await server.db
    .selectFrom('report_list_counts')
    .select(['user_id', 'type', 'deleted', 'status', 'n'])
    .where('n', '<>', 0)
    .orderBy('user_id')
    .orderBy('type')
    .orderBy('deleted')
    .orderBy('status')
    .execute();
  const counted = await server.db
    .selectFrom('reports')
    .select((eb) => [
      'user_id',
      'type',
      sql<number>`case when deleted_at is null then 0 else 1 end`.as('deleted'),
      'status',
      eb.fn.countAll<number>().as('n'),
    ])
    .groupBy(['user_id', 'type', sql`case when deleted_at is null then 0 else 1 end`, 'status'])
    .orderBy('user_id')
    .orderBy('type')
    .orderBy('deleted')
    .orderBy('status')
    .execute();
  expect(kept.map((r) => ({ ...r, n: Number(r.n), deleted: Number(r.deleted) }))).toEqual(
    counted.map((r) => ({ ...r, n: Number(r.n), deleted: Number(r.deleted) })),
  );
}

describeEachDatabase('report list totals', (dialect) => {
  const server = useTestServer(dialect);

  it('follow every write: new, deleted, restored, moved between statuses, erased', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const other = await loggedInUser(server(), STROMA_ASSESSOR);
    const ids = await copiesOf(server(), cookie, 5);
    await copiesOf(server(), other.cookie, 2);
    // The renders of the two real reports finish first: on PostgreSQL the raw erasure below, run
    // while a render writes one of the other assessor's reports, is a deadlock the database ends
    // by failing one of them (the product never erases a user while it works for them).
    await server().app.deps.jobs.drain();
    expect(await totals(server(), cookie)).toEqual({ list: 5, deleted: 0, pending: 0 });

    await setReportDeletedAt(server().db, ids[0], Date.now());
    await setReportDeletedAt(server().db, ids[1], Date.now());
    expect(await totals(server(), cookie)).toEqual({ list: 3, deleted: 2, pending: 0 });

    await setReportDeletedAt(server().db, ids[1], null);
    // A report waiting for its card payment is in no list; a pending Premium one only in Pending.
    await setReportStatus(server().db, ids[2], REPORT_STATUS.awaitingPayment);
    await server()
      .db.updateTable('reports')
      .set({ type: REPORT_TYPE.premium, status: REPORT_STATUS.pending })
      .where('id', '=', ids[3])
      .execute();
    expect(await totals(server(), cookie)).toEqual({ list: 2, deleted: 1, pending: 1 });

    expect(await moveReportStatus(server().db, ids[2], REPORT_STATUS.awaitingPayment, REPORT_STATUS.ready)).toBe(true);
    await deleteReportRow(server().db, ids[0]);
    expect(await totals(server(), cookie)).toEqual({ list: 3, deleted: 0, pending: 1 });
    await expectCountsAgreeWithReports(server());

    // The other assessor's erasure cascades to their reports, which no repository function sees.
    await server().db.deleteFrom('users').where('id', '=', other.id).execute();
    await expectCountsAgreeWithReports(server());
    expect(await totals(server(), other.cookie).catch(() => 'logged out')).toBe('logged out');
  });

  it('stay right when many reports move at once and writes race', async () => {
    const { cookie, id: userId } = await loggedInUser(server(), STROMA_ASSESSOR);
    const ids = await copiesOf(server(), cookie, 12);
    // One statement moving many reports, beside single moves the other way.
    await Promise.all([
      server().db.updateTable('reports').set({ status: REPORT_STATUS.regenerating }).where('user_id', '=', userId).execute(),
      ...ids.slice(0, 4).map((id) => setReportStatus(server().db, id, REPORT_STATUS.ready)),
      ...ids.slice(8).map((id) => setReportDeletedAt(server().db, id, Date.now())),
    ]);
    await expectCountsAgreeWithReports(server());
    const { list, deleted } = await totals(server(), cookie);
    expect(list + deleted).toBe(12);
  });
});
