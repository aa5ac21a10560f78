import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../../src/server/platform/config/config';
import { localFileStorage } from '../../../src/server/platform/storage/file-storage';
import { s3FileStorage } from '../../../src/server/platform/storage/s3-storage';
import { fileUrlSigner } from '../../../src/server/platform/storage/signed-urls';
import { runCli } from '../helpers/operator-cli';
import * as uploads from '../../../src/shared/api/uploads';
import * as reports from '../../../src/shared/api/reports';
import { reportPdfFilename } from '../../../src/server/reports/pdf-filename';
import { describeEachDatabase } from '../helpers/databases';
import { STROMA_ASSESSOR, loggedInUser } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { fixture, listOf, SAMPLE } from '../helpers/reports';
import { ok } from '../helpers/answers';
import type { ApiResponse } from '../helpers/test-server';
import { startS3StandIn, useAwsCredentialsOf, type S3StandIn } from '../../support/s3-stand-in';
import { createReportRequest } from '../../support/report-requests';

/** The status and sentence of a refusal. */
const refusal = (res: ApiResponse<unknown>) => ({ status: res.status, error: (res.body as { error?: string }).error });

/** As the browser does: ask for an address, PUT the bytes straight to the store. */
async function putToStore(server: TestServer, cookie: string, data: Buffer, what: { extension: string; isLogo?: boolean; size?: number }) {
  const { upload_to, filename } = ok(await server.call(uploads.upload, { size: data.length, ...what }, { cookie }));
  const put = await fetch(upload_to, {
    method: 'PUT',
    body: new Uint8Array(data),
    headers: { 'content-type': 'application/octet-stream' },
  });
  return { uploadTo: upload_to, key: filename, put };
}

describeEachDatabase('files in an S3-compatible store', (dialect) => {
  let store: S3StandIn;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    store = await startS3StandIn();
    useAwsCredentialsOf(store);
    Object.assign(env, store.env);
  });
  afterAll(() => store.close());
  const server = useTestServer(dialect, { env });

  it('takes a survey file PUT straight to the bucket and serves the rendered PDF from a presigned address', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { uploadTo, key, put } = await putToStore(server(), cookie, fixture(SAMPLE), { extension: 'xml' });
    expect(uploadTo.startsWith(`${env.S3_ENDPOINT}/${env.S3_BUCKET}/${key}?`)).toBe(true);
    expect(uploadTo).toContain('X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost');
    expect(put.status).toBe(200);
    ok(await server().call(uploads.uploadFollowup, { filename: key, which_one: 'A' }, { cookie }));

    const created = ok(await server().call(reports.createReport, createReportRequest(key), { cookie }));
    await server().app.deps.jobs.drain();
    const [item] = (await listOf(server(), cookie)).reports_list;
    expect(item.status).toBe('Ready!');
    const { report_url } = ok(await server().call(reports.reportUrl, { report_id: created.report_id, mode: 'preliminary' }, { cookie }));
    expect(report_url.startsWith(`${env.S3_ENDPOINT}/`)).toBe(true);
    const pdf = await fetch(report_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`inline; filename="${reportPdfFilename(item.name, 'preliminary')}"`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Nothing the app keeps is on the web process's disk.
    expect(await server().app.deps.storage.size(key)).toBe(fixture(SAMPLE).length);
  });

  it('keeps a survey file whose follow-up was sent twice at once, and reads it for both', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { key } = await putToStore(server(), cookie, fixture(SAMPLE), { extension: 'xml' });
    const followUp = () => server().call(uploads.uploadFollowup, { filename: key, which_one: 'A' }, { cookie });
    const answers = await Promise.all([followUp(), followUp()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await server().app.deps.storage.size(key)).toBe(fixture(SAMPLE).length);
  });

  it('checks a logo in the bucket by its content and serves its PNG from the bucket', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
    const { key, put } = await putToStore(server(), cookie, png, { extension: 'png', isLogo: true });
    expect(put.status).toBe(200);
    const checked = ok(await server().call(uploads.uploadFollowup, { filename: key, which_one: 'LOGO' }, { cookie }));
    expect(checked.message).toBe('Your logo is ready (300 × 100 pixels).');
    const image = await fetch(checked.image_url!);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(300);
    // The upload's own bytes are dropped once converted.
    expect(await server().app.deps.storage.size(key)).toBeNull();
  });

  it('refuses too large a file before giving an address, and again when the stored bytes are over the limit', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    expect(refusal(await server().call(uploads.upload, { extension: 'png', isLogo: true, size: 2 * 1024 * 1024 }, { cookie }))).toEqual({
      status: 413,
      error: 'The file is larger than 1 MB.',
    });
    expect(refusal(await server().call(uploads.upload, { extension: 'xml' }, { cookie }))).toEqual({
      status: 400,
      error: "Send the file's size to upload it.",
    });

    // A store that did not hold the browser to the signed length: the follow-up still counts the bytes.
    const big = Buffer.alloc(1024 * 1024 + 1, 1);
    const { key } = await putToStore(server(), cookie, big, { extension: 'png', isLogo: true, size: 10 });
    expect(refusal(await server().call(uploads.uploadFollowup, { filename: key, which_one: 'LOGO' }, { cookie }))).toEqual({
      status: 413,
      error: 'The file is larger than 1 MB.',
    });
    expect(await server().app.deps.storage.size(key)).toBeNull();
  });

  it("lets the app's pages send uploads to the store and show its images, and nothing else new", async () => {
    const csp = String((await server().app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' https://api.stripe.com https://api2.amplitude.com ${env.S3_ENDPOINT};`);
    expect(csp).toContain(`img-src 'self' data: https: ${env.S3_ENDPOINT};`);
  });

  it('answers a follow-up for bytes that never reached the bucket as not uploaded', async () => {
    const { cookie } = await loggedInUser(server(), STROMA_ASSESSOR);
    const { filename } = ok(await server().call(uploads.upload, { extension: 'xml', size: 100 }, { cookie }));
    expect(refusal(await server().call(uploads.uploadFollowup, { filename, which_one: 'A' }, { cookie }))).toEqual({
      status: 404,
      error: 'That file was not uploaded. Please upload it again.',
    });
  });
});

describe('storage migrate', () => {
  let store: S3StandIn;
  let dataDir: string;
  beforeAll(async () => {
    store = await startS3StandIn('epcplus-migrate');
    dataDir = await mkdtemp(join(tmpdir(), 'epcplus-migrate-'));
  });
  afterAll(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("copies a local installation's files into the bucket, and a second run copies nothing again", async () => {
    const local = localFileStorage(join(dataDir, 'files'), fileUrlSigner('test'));
    await local.put('reports/1.pdf', Buffer.from('%PDF-1'));
    await local.put('logos/abc.png', Buffer.from('png'));
    await local.put('uploads/def.xml', Buffer.from('<xml/>'));
    Object.assign(process.env, store.env);
    try {
      const first = await runCli(dataDir, 'storage', 'migrate');
      expect(first.stdout).toContain(`Copied 3 files from ${join(dataDir, 'files')} to bucket epcplus-migrate`);
      const bucket = s3FileStorage(loadConfig({ ...store.env, DATA_DIR: dataDir }).s3!);
      expect(String(await bucket.get('reports/1.pdf'))).toBe('%PDF-1');
      expect(String(await bucket.get('logos/abc.png'))).toBe('png');
      expect(String(await bucket.get('uploads/def.xml'))).toBe('<xml/>');
      const second = await runCli(dataDir, 'storage', 'migrate');
      expect(second.stdout).toContain('Copied 0 files');
      expect(second.stdout).toContain('3 were there already.');
    } finally {
      for (const name of Object.keys(store.env)) delete process.env[name];
    }
  });

  it('says how to name the bucket when none is set', async () => {
    const res = await runCli(dataDir, 'storage', 'migrate');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Set S3_BUCKET');
  });
});
