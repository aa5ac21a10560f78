import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { COMPRESSION_THRESHOLD_BYTES } from '../../../src/server/platform/http/compression';
import { markPremiumPurchased, setReportDeletedAt, setReportStatus } from '../../../src/server/reports/repos/reports';
import { listCache } from '../../../src/server/reports/list-cache';
import type { ListAnswer, ListQuery } from '../../../src/server/reports/list';
import { REPORT_STATUS } from '../../../src/shared/states';
import type { Db } from '../../../src/server/platform/db/database';
import { describeEachDatabase } from '../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { createReport, listOf } from '../helpers/reports';

/** A report created through the API, its PDF drawn: no job writes it afterwards. */
async function readyReport(server: TestServer, cookie: string): Promise<number> {
  const { report_id } = await createReport(server, cookie);
  await server.app.deps.jobs.drain();
  return report_id;
}

const versionOf = async (server: TestServer, userId: number) =>
  Number(
    (await server.db.selectFrom('report_list_versions').select('version').where('user_id', '=', userId).executeTakeFirst())?.version ?? 0,
  );

describeEachDatabase('report list pages kept by version', (dialect) => {
  const server = useTestServer(dialect);

  it('shows every change to a listed report at once, whoever writes it', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const id = await readyReport(server(), cookie);
    const listed = async () => (await listOf(server(), cookie)).reports_list.find((r) => r.report_id === id);
    expect(await listed()).toMatchObject({ opened_count: 0, premium_report_purchased: false });
    // Each write is made straight in the database, as another process (a worker, the CLI) would.
    await server().db.updateTable('reports').set({ name: 'Renamed House, CF10 1AB' }).where('id', '=', id).execute();
    expect(await listed()).toMatchObject({ name: 'Renamed House, CF10 1AB' });
    await server()
      .db.updateTable('reports')
      .set((eb) => ({ opened_count: eb('opened_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
    expect(await listed()).toMatchObject({ opened_count: 1 });
    await markPremiumPurchased(server().db, id, true);
    expect(await listed()).toMatchObject({ premium_report_purchased: true });
    await setReportStatus(server().db, id, REPORT_STATUS.error);
    expect(await listed()).toMatchObject({ status: REPORT_STATUS.error });
    await setReportDeletedAt(server().db, id, Date.now());
    expect(await listed()).toBeUndefined();
    expect((await listOf(server(), cookie, { mode: 'preliminary', deleted: 'yes' })).reports_list.map((r) => r.report_id)).toEqual([id]);
    await server().db.deleteFrom('reports').where('id', '=', id).execute();
    expect((await listOf(server(), cookie, { mode: 'preliminary', deleted: 'yes' })).total).toBe(0);
  });

  it("moves a user's version on each write of their reports only, and an erased user's reports go with them", async () => {
    const a = await loggedInUser(server(), STROMA_ASSESSOR);
    const b = await loggedInUser(server(), STROMA_ASSESSOR);
    expect(await versionOf(server(), a.id)).toBe(0);
    const id = await readyReport(server(), a.cookie);
    const afterCreate = await versionOf(server(), a.id);
    expect(afterCreate).toBeGreaterThan(0);
    await readyReport(server(), b.cookie);
    expect(await versionOf(server(), a.id)).toBe(afterCreate);
    await server().db.updateTable('reports').set({ opened_count: 5 }).where('id', '=', id).execute();
    expect(await versionOf(server(), a.id)).toBe(afterCreate + 1);
    // A report given to another user moves both users' lists.
    const bBefore = await versionOf(server(), b.id);
    await server().db.updateTable('reports').set({ user_id: b.id }).where('id', '=', id).execute();
    expect(await versionOf(server(), a.id)).toBe(afterCreate + 2);
    expect(await versionOf(server(), b.id)).toBe(bBefore + 1);
    // The erasure cascades through reports and versions alike, with no row left naming the user.
    await server().db.deleteFrom('users').where('id', '=', b.id).execute();
    expect(await server().db.selectFrom('report_list_versions').select('user_id').where('user_id', '=', b.id).execute()).toEqual([]);
  });

  if (dialect === 'postgres')
    it("lets a branding change and a render write one user's reports at once, without deadlock: the version moves at commit", async () => {
      const { cookie, id: userId } = await loggedInUser(server(), STROMA_ASSESSOR);
      const first = await readyReport(server(), cookie);
      const second = await readyReport(server(), cookie);
      const before = await versionOf(server(), userId);
      const rename = (trx: Db, id: number, name: string) => trx.updateTable('reports').set({ name }).where('id', '=', id).execute();
      const pidOf = async (trx: Db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      /** Until the transaction on that connection waits for a lock another holds. */
      const waitingOnLock = async (pid: number) => {
        for (;;) {
          const { rows } = await sql<{
            waiting: boolean;
          }>`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${pid}`.execute(server().db);
          if (rows[0]?.waiting) return;
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      let secondWrote!: () => void;
      const secondHasWritten = new Promise<void>((resolve) => (secondWrote = resolve));
      let firstPid = 0;
      let firstWrote!: () => void;
      const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
      // As a branding change (many of the user's reports) beside a render setting one report Ready.
      const many = server()
        .db.transaction()
        .execute(async (trx) => {
          firstPid = await pidOf(trx);
          await rename(trx, first, 'Many A');
          firstWrote();
          await secondHasWritten;
          await rename(trx, second, 'Many B');
        });
      await firstHasWritten;
      await server()
        .db.transaction()
        .execute(async (trx) => {
          await rename(trx, second, 'One B');
          secondWrote();
          // The first transaction now waits for this one's report; this one must not wait for it.
          await waitingOnLock(firstPid);
        });
      await many;
      const names = await server().db.selectFrom('reports').select('name').where('user_id', '=', userId).orderBy('id').execute();
      expect(names.map((r) => r.name)).toEqual(['Many A', 'Many B']);
      expect(await versionOf(server(), userId)).toBe(before + 3);
    });
});

describeEachDatabase('report list pages kept as sent', (dialect) => {
  const server = useTestServer(dialect);
  const LIST = '/api/reports?mode=preliminary';

  it('sends a kept page compressed as the browser takes it, with its length, and afresh after a write', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await createReport(server(), cookie)).report_id);
    await server().app.deps.jobs.drain();
    // The raw answer, as the browser receives it (the test server's inject would read compressed bytes as JSON).
    const ask = (acceptEncoding: string, headers: Record<string, string> = {}) =>
      server().app.inject({ method: 'GET', url: LIST, headers: { cookie, 'accept-encoding': acceptEncoding, ...headers } });

    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.payload;
    expect(json.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect((JSON.parse(json) as { total: number }).total).toBe(4);
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync], // the kept copy, asked again
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await ask(accepted);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      // Sent whole, with its length, where compression per request streamed it in chunks.
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(decode(res.rawPayload).toString()).toBe(json);
    }
    // A client that asks for none, as @fastify/compress allows.
    expect((await ask('br', { 'x-no-compression': '1' })).payload).toBe(json);

    // A write moves the version: the compressed copy is of the new page, not the kept one.
    await server().db.updateTable('reports').set({ name: 'Renamed House, CF10 1AB' }).where('id', '=', ids[0]).execute();
    const after = JSON.parse(brotliDecompressSync((await ask('br')).rawPayload).toString()) as { reports_list: { name: string }[] };
    expect(after.reports_list.map((r) => r.name)).toContain('Renamed House, CF10 1AB');
  });

  it('sends a small page as it is, whatever the browser takes', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const res = await server().inject({ method: 'GET', url: LIST, cookie, headers: { 'accept-encoding': 'br' } });
    expect(res.raw.headers['content-encoding']).toBeUndefined();
    expect(res.body).toMatchObject({ success: true, total: 0, reports_list: [] });
  });
});

describe('list cache', () => {
  const query = (page: number): ListQuery => ({ userId: 1, mode: 'preliminary', deleted: false, search: '', page });
  const answer = (total: number): ListAnswer => ({ items: [], total, page: 1 });

  it('answers a kept page while its version holds, and reads it again once the version moves', async () => {
    const cache = listCache();
    let reads = 0;
    const read = (total: number) => () => Promise.resolve((reads++, answer(total)));
    expect(await cache.answer(query(1), 7, read(3))).toEqual(answer(3));
    expect(await cache.answer(query(1), 7, read(99))).toEqual(answer(3));
    expect(reads).toBe(1);
    expect(await cache.answer(query(1), 8, read(4))).toEqual(answer(4));
    expect(await cache.answer(query(2), 8, read(5))).toEqual(answer(5));
    expect(reads).toBe(3);
  });

  it('keeps the later of two reads of a page that overlapped', async () => {
    const cache = listCache();
    let finishEarlier!: (a: ListAnswer) => void;
    const earlier = cache.answer(query(1), 1, () => new Promise<ListAnswer>((resolve) => (finishEarlier = resolve)));
    await cache.answer(query(1), 2, () => Promise.resolve(answer(2)));
    finishEarlier(answer(1));
    expect(await earlier).toEqual(answer(1));
    expect(await cache.answer(query(1), 2, () => Promise.resolve(answer(99)))).toEqual(answer(2));
  });

  it('keeps at most its size, dropping the page asked least recently', async () => {
    const cache = listCache(2);
    let reads = 0;
    const read = () => Promise.resolve((reads++, answer(0)));
    await cache.answer(query(1), 1, read);
    await cache.answer(query(2), 1, read);
    await cache.answer(query(1), 1, read); // page 1 is now the most recent
    await cache.answer(query(3), 1, read); // drops page 2
    expect(reads).toBe(3);
    await cache.answer(query(1), 1, read);
    expect(reads).toBe(3);
    await cache.answer(query(2), 1, read);
    expect(reads).toBe(4);
  });
});
