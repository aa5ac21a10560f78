import * as uploads from '../../../src/shared/api/uploads';
import * as reports from '../../../src/shared/api/reports';
import { PENDING_UPLOADS_MAX, UNUSED_UPLOAD_MAX_AGE_MS } from '../../../src/server/uploads/pending-uploads';
import { sweepUploads } from '../../../src/server/reports/upload-sweep';
import { describeEachDatabase } from '../helpers/databases';
import { loggedInUser } from '../helpers/factories';
import { createReport, putUpload } from '../helpers/reports';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { ok, refused } from '../helpers/answers';

const uploadRows = async (server: TestServer, userId: number) =>
  server.db.selectFrom('uploads').select(['id', 'key']).where('user_id', '=', userId).execute();

describeEachDatabase('uploads nobody finishes', (dialect) => {
  const server = useTestServer(dialect);

  it('refuses the next upload once a user has too many unfinished, and changes nothing', async () => {
    const { cookie, id } = await loggedInUser(server());
    for (let i = 0; i < PENDING_UPLOADS_MAX; i++)
      expect((await server().call(uploads.upload, { extension: 'xml' }, { cookie })).status).toBe(200);
    const before = (await uploadRows(server(), id)).length;
    const over = await server().call(uploads.upload, { extension: 'xml' }, { cookie });
    expect(over.status).toBe(429);
    expect(refused(over).error).toBe('You have too many unfinished uploads. Please finish the ones you started, or try again tomorrow.');
    expect((await uploadRows(server(), id)).length).toBe(before);
    // Another user is not held back by them.
    const other = await loggedInUser(server());
    expect((await server().call(uploads.upload, { extension: 'xml' }, { cookie: other.cookie })).status).toBe(200);
  });

  it('refuses a file that would take the unfinished bytes past the limit, and then any new upload', async () => {
    const { cookie } = await loggedInUser(server());
    const fiveMb = Buffer.alloc(5 * 1024 * 1024, 32);
    for (let i = 0; i < 9; i++) expect((await putUpload(server(), cookie, fiveMb)).put.statusCode).toBe(200);
    const start = () => server().call(uploads.upload, { extension: 'xml' }, { cookie });
    const [first, second] = [(await start()).body, (await start()).body] as { upload_to: string }[];
    const put = (url: string) =>
      server().app.inject({
        method: 'PUT',
        url,
        payload: fiveMb,
        headers: { cookie, 'content-type': 'application/octet-stream', origin: 'http://localhost:3000' },
      });
    expect((await put(first.upload_to)).statusCode).toBe(200);
    const over = await put(second.upload_to);
    expect(over.statusCode).toBe(429);
    expect(over.json<{ error: string }>().error).toMatch(/too many unfinished uploads/);
    expect((await start()).status).toBe(429);
  });

  it('deletes uploads older than a day from disk and database, keeping the files a report uses', async () => {
    const { cookie, id } = await loggedInUser(server(), { scheme: 'stroma' });
    const { report_id } = (await createReport(server(), cookie)) as { report_id: number };
    const used = await server().db.selectFrom('reports').select('xml1_key').where('id', '=', report_id).executeTakeFirstOrThrow();
    const { key: abandoned } = await putUpload(server(), cookie, Buffer.from('<never-followed-up/>'));
    const { key: recent } = await putUpload(server(), cookie, Buffer.from('<just-now/>'));
    const dayAgo = Date.now() - UNUSED_UPLOAD_MAX_AGE_MS - 1000;
    await server().db.updateTable('uploads').set({ created_at: dayAgo }).where('key', '!=', recent).where('user_id', '=', id).execute();

    await sweepUploads(server().app.deps);

    expect((await uploadRows(server(), id)).map((r) => r.key)).toEqual([recent]);
    expect(await server().app.deps.storage.get(abandoned)).toBeNull();
    expect(await server().app.deps.storage.get(used.xml1_key)).not.toBeNull();
    expect(await server().app.deps.storage.get(recent)).not.toBeNull();
  });

  it('stops a PDF address handed out before the report was deleted, and serves it again after undelete', async () => {
    const { cookie } = await loggedInUser(server(), { scheme: 'stroma' });
    const { report_id } = (await createReport(server(), cookie)) as { report_id: number };
    await server().app.deps.jobs.drain();
    const { report_url } = ok(await server().call(reports.reportUrl, { report_id, mode: 'preliminary' }, { cookie }));
    expect((await server().inject({ method: 'GET', url: report_url })).status).toBe(200);

    expect((await server().call(reports.reportDelete, { report_id, delete_mode: 'delete' }, { cookie })).status).toBe(200);
    const gone = await server().inject({ method: 'GET', url: report_url });
    expect(gone.status).toBe(404);
    expect(refused(gone).error).toBe('This report has been deleted.');

    expect((await server().call(reports.reportDelete, { report_id, delete_mode: 'undelete' }, { cookie })).status).toBe(200);
    expect((await server().inject({ method: 'GET', url: report_url })).status).toBe(200);
  });
});
