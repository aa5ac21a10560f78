import { sql } from 'kysely';
import * as operations from '../../../../src/shared/api/operations';
import * as uploads from '../../../../src/shared/api/uploads';
import * as reports from '../../../../src/shared/api/reports';
import { OUT_OF_SPACE_MESSAGE } from '../../../../src/server/platform/storage/out-of-space';
import { describeEachDatabase } from '../../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../../helpers/factories';
import { buildTestServer, type Dialect, type TestServer } from '../../helpers/test-server';
import { fixture, listOf, SAMPLE, uploadSurvey } from '../../helpers/reports';
import { ok, refused } from '../../helpers/answers';

/** What fs.writeFile rejects with when the disk fills up during the write. */
const noSpaceLeft = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

const createBody = (key: string) => ({
  xml1_key: key,
  xml1_original_filename: 'survey.xml',
  cTaxPropertyAddress: '',
  selectedBranding: 'EPCplus',
  manualCTaxBand: 'C' as const,
});

/** A test server whose log lines are kept, parsed, to see what the operators are told. */
async function serverWithLog(dialect: Dialect, env?: Record<string, string>) {
  const lines: { level: number; msg: string }[] = [];
  const server = await buildTestServer({
    dialect,
    env,
    log: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) } },
  });
  return { server, lines };
}

/** The PUT a browser makes to an upload address. */
const putBytes = (server: TestServer, uploadTo: string, cookie: string) =>
  server.app.inject({
    method: 'PUT',
    url: uploadTo,
    payload: fixture(SAMPLE),
    headers: { cookie, 'content-type': 'application/octet-stream', origin: 'http://localhost:3000' },
  });

describeEachDatabase('a full disk', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    jest.restoreAllMocks();
    await server?.close();
    server = undefined;
  });

  it('answers an upload the file store cannot keep with 507 and a clear message, logs it as an error, and keeps nothing', async () => {
    const built = await serverWithLog(dialect);
    server = built.server;
    const { cookie } = await loggedInUser(server, STROMA_ASSESSOR);
    const { upload_to, filename } = ok(await server.call(uploads.upload, { extension: 'xml' }, { cookie }));
    const put = jest.spyOn(server.app.deps.storage, 'put').mockRejectedValueOnce(noSpaceLeft());

    const full = await putBytes(server, upload_to, cookie);
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({ success: false, error: OUT_OF_SPACE_MESSAGE });
    // "The operators have been told": the failure is in the log at error level (50).
    expect(built.lines.some((line) => line.level >= 50 && line.msg.includes('out of storage space'))).toBe(true);
    // Nothing half-kept: the file is not there and the follow-up says so.
    expect(await server.app.deps.storage.get(filename)).toBeNull();
    const followup = await server.call(uploads.uploadFollowup, { filename, which_one: 'A' }, { cookie });
    expect(followup.status).toBe(404);

    // Once there is room, the same address takes the file.
    put.mockRestore();
    expect((await putBytes(server, upload_to, cookie)).statusCode).toBe(200);
    expect(ok(await server.call(uploads.uploadFollowup, { filename, which_one: 'A' }, { cookie })).success).toBe(true);
  });

  it('is not ready while the file storage is almost full, and says how much is free', async () => {
    // A threshold far above any real disk stands in for a disk with almost nothing free.
    server = (await serverWithLog(dialect, { MIN_FREE_DISK_MB: String(2 ** 40) })).server;
    const res = await server.call(operations.ready);
    expect(res.status).toBe(503);
    expect(refused(res).error).toMatch(/^The file storage is almost full \(\d+ MB free\)\.$/);
  });

  it('is ready with the default threshold on a disk with room', async () => {
    server = (await serverWithLog(dialect)).server;
    expect((await server.call(operations.ready)).status).toBe(200);
  });
});

describe('a full SQLite database', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers a report creation with 507, writes none of it, and creates it once there is room', async () => {
    const built = await serverWithLog('sqlite');
    server = built.server;
    const { cookie } = await loggedInUser(server, STROMA_ASSESSOR);
    const { key } = await uploadSurvey(server, cookie);
    const { page_count: pages } = (await sql<{ page_count: number }>`pragma page_count`.execute(server.db)).rows[0];
    // SQLite's own limit on its size (https://www.sqlite.org/pragma.html#pragma_max_page_count): writes that need more answer SQLITE_FULL.
    await sql.raw(`pragma max_page_count = ${pages}`).execute(server.db);

    const full = await server.call(reports.createReport, createBody(key), { cookie });
    expect(full.status).toBe(507);
    expect(refused(full).error).toBe(OUT_OF_SPACE_MESSAGE);
    expect(built.lines.some((line) => line.level >= 50 && line.msg.includes('out of storage space'))).toBe(true);
    // The report and its render job are one transaction: neither was kept.
    expect((await listOf(server, cookie)).reports_list).toEqual([]);
    expect(await server.db.selectFrom('jobs').select('id').where('kind', '=', 'render_report').execute()).toEqual([]);

    await sql.raw(`pragma max_page_count = ${pages * 100}`).execute(server.db);
    ok(await server.call(reports.createReport, createBody(key), { cookie }));
    expect((await listOf(server, cookie)).reports_list).toHaveLength(1);
  });
});
