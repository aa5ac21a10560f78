import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../src/client/lib/api';
import { setupStore } from '../../../src/client/app/store';
import { uploadFile } from '../../../src/client/lib/upload-file';
import { upload, uploadFollowup } from '../../../src/shared/api/uploads';
import { answer, fail, server } from '../helpers/msw';
import { silentSocket } from '../helpers/render';

// Node's File: msw hands the XHR body to Node's Request, which reads Node's Blobs only.
const file = () => new NodeFile(['<RdSAP-Report/>'], 'survey.xml') as unknown as Blob;

function uploadServer(
  options: { start?: () => ReturnType<typeof fail>; put?: () => Response; check?: () => ReturnType<typeof fail> } = {},
) {
  const asked: string[] = [];
  server.use(
    answer(upload, ({ body }) => {
      asked.push(`start ${body.extension}${body.isLogo ? ' logo' : ''}`);
      return options.start?.() ?? { success: true as const, upload_to: '/api/uploads/t-1', filename: 'uploads/f-1.xml' };
    }),
    http.put(`${API_ORIGIN}/api/uploads/:token`, () => {
      asked.push('put');
      return options.put?.() ?? HttpResponse.json({ success: true });
    }),
    answer(uploadFollowup, ({ body }) => {
      asked.push(`check ${body.filename} as ${body.which_one}`);
      return options.check?.() ?? { success: true as const, message: 'Survey read' };
    }),
  );
  return asked;
}

const run = (what: Parameters<typeof uploadFile>[2]) => {
  const { store } = setupStore({ persist: false, socket: silentSocket });
  const seen: string[] = [];
  const result = uploadFile(store.dispatch, file(), what, {
    sent: (filename) => seen.push(`sent ${filename}`),
    percent: (percent) => seen.push(`${percent}%`),
    checking: () => seen.push('checking'),
  });
  return { result, seen };
};

describe('uploading a file (survey files and logos alike)', () => {
  it('starts, sends the bytes with progress, then has the server check the file it named', async () => {
    const asked = uploadServer();
    const { result, seen } = run({ extension: 'xml', which: 'A' });
    expect(await result).toEqual({ ok: true, filename: 'uploads/f-1.xml', checked: { success: true, message: 'Survey read' } });
    expect(asked).toEqual(['start xml', 'put', 'check uploads/f-1.xml as A']);
    expect(seen[0]).toBe('sent uploads/f-1.xml');
    expect(seen).toContain('100%');
    expect(seen[seen.length - 1]).toBe('checking');
  });

  it('asks for a logo address for a logo', async () => {
    const asked = uploadServer();
    await run({ extension: 'png', isLogo: true, which: 'LOGO' }).result;
    expect(asked[0]).toBe('start png logo');
  });

  it("stops with the server's words when the upload is refused at the start, and sends nothing", async () => {
    const asked = uploadServer({ start: () => fail(429, 'You have too many unfinished uploads.') });
    expect(await run({ extension: 'xml', which: 'A' }).result).toEqual({
      ok: false,
      message: 'You have too many unfinished uploads.',
      rejected: false,
    });
    expect(asked).toEqual(['start xml']);
  });

  it('stops when the bytes are refused, without asking for a check', async () => {
    const asked = uploadServer({
      put: () => HttpResponse.json({ success: false, error: 'The file is larger than 5 MB.' }, { status: 413 }),
    });
    expect(await run({ extension: 'xml', which: 'A' }).result).toEqual({
      ok: false,
      message: 'The file is larger than 5 MB.',
      rejected: false,
    });
    expect(asked).toEqual(['start xml', 'put']);
  });

  it('says the file itself was refused when the check refuses it', async () => {
    uploadServer({ check: () => fail(400, 'This is not an EPC survey file.') });
    expect(await run({ extension: 'xml', which: 'A' }).result).toEqual({
      ok: false,
      message: 'This is not an EPC survey file.',
      rejected: true,
    });
  });
});
