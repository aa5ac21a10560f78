import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES } from '../../../../src/server/platform/http/compression';
import { describeEachDatabase } from '../../helpers/databases';
import { buildTestServer, type TestServer } from '../../helpers/test-server';

// Big enough to be worth compressing, as a real chunk and page are.
const INDEX = `<!doctype html><html><head><title>EPCplus</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;
const CHUNK = 'framework.0123456789abcdef.js';
const CHUNK_TEXT = `(()=>{${'console.log("a chunk of the web app");'.repeat(300)}})();`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The build's copies (tools/precompress-plugin.ts): brotli at its slowest setting, which no request-time compression uses. */
async function writeWithCopies(dir: string, name: string, text: string) {
  await writeFile(join(dir, name), text);
  await writeFile(
    join(dir, `${name}.br`),
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  await writeFile(join(dir, `${name}.gz`), gzipSync(text, { level: 9 }));
}

describeEachDatabase('the built web app, compressed once at build time', (dialect) => {
  let webRoot: string;
  let server: TestServer;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'epcplus-web-compressed-'));
    await writeWithCopies(webRoot, 'index.html', INDEX);
    await writeWithCopies(webRoot, 'shared.html', INDEX);
    await writeWithCopies(webRoot, CHUNK, CHUNK_TEXT);
    server = await buildTestServer({ dialect, webRoot });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gz'],
  ])('sends a hashed chunk asked for with %s as the build compressed it, cached for a year', async (accepted, extension) => {
    const res = await server.inject({ method: 'GET', url: `/${CHUNK}`, headers: { 'accept-encoding': accepted } });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-encoding']).toBe(extension === 'br' ? 'br' : 'gzip');
    expect(res.raw.headers['content-type']).toMatch(/javascript/);
    expect(res.raw.headers.vary).toMatch(/accept-encoding/i);
    expect(res.raw.headers['cache-control']).toBe(IMMUTABLE);
    // Byte for byte the file on disk: nothing was compressed for this request.
    expect(res.raw.rawPayload.equals(await readFile(join(webRoot, `${CHUNK}.${extension}`)))).toBe(true);
  });

  it('sends the file itself to a client that takes no compression, with the same caching', async () => {
    const res = await server.inject({ method: 'GET', url: `/${CHUNK}`, headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-encoding']).toBeUndefined();
    expect(res.raw.headers.vary).toMatch(/accept-encoding/i);
    expect(res.raw.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.raw.payload).toBe(CHUNK_TEXT);
  });

  it.each(['/', '/s/12/a-slug'])('sends the page at %s from its brotli copy, never cached without asking', async (url) => {
    const res = await server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-encoding']).toBe('br');
    expect(res.raw.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.raw.rawPayload).toString()).toBe(INDEX);
  });

  it('sends a small API answer uncompressed, whatever the client accepts', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.raw.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.raw.headers['content-encoding']).toBeUndefined();
    expect(res.body).toMatchObject({ success: true });
  });
});

describeEachDatabase('pages written per request', (dialect) => {
  let webRoot: string;
  let server: TestServer;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'epcplus-web-dynamic-'));
    await writeWithCopies(webRoot, 'index.html', INDEX);
    // With a marketing site the page is written with its address in the head, then compressed once.
    server = await buildTestServer({ dialect, webRoot, env: { MARKETING_URL: 'https://www.example.co.uk' } });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('sends the page written with the marketing address compressed, to a client that takes it', async () => {
    const res = await server.inject({ method: 'GET', url: '/account', headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-encoding']).toBe('br');
    expect(res.raw.headers.vary).toMatch(/accept-encoding/i);
    const page = brotliDecompressSync(res.raw.rawPayload).toString();
    expect(page.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(page).toContain('https://www.example.co.uk');
  });

  it('sends that page as it is to a client that takes no compression', async () => {
    const res = await server.inject({ method: 'GET', url: '/account', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-encoding']).toBeUndefined();
    expect(res.raw.payload).toContain('https://www.example.co.uk');
  });
});
