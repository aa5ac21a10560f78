import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as operations from '../../../../src/shared/api/operations';
import { describeEachDatabase } from '../../helpers/databases';
import { buildTestServer, type TestServer } from '../../helpers/test-server';

const INDEX = '<!doctype html><title>EPCplus</title><div id="root"></div>';
const SHARED = '<!doctype html><title>Your report</title><div id="shared-root"></div>';
const CHUNK = 'main.0123456789abcdef.js';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

describeEachDatabase('the built web app', (dialect) => {
  let checkout: string;
  let webRoot: string;
  let server: TestServer;

  beforeAll(async () => {
    // A checkout's layout: the build in dist/public, the images it does not copy in public/.
    checkout = await mkdtemp(join(tmpdir(), 'epcplus-web-'));
    webRoot = join(checkout, 'dist/public');
    await mkdir(webRoot, { recursive: true });
    await mkdir(join(checkout, 'public/measures'), { recursive: true });
    await writeFile(join(checkout, 'public/index.html'), '<!doctype html><title>the template, before the build</title>');
    await writeFile(join(checkout, 'public/measures/loft.svg'), ICON);
    await writeFile(join(webRoot, 'index.html'), INDEX);
    await writeFile(join(webRoot, 'shared.html'), SHARED);
    await writeFile(join(webRoot, CHUNK), 'console.log(1)');
    server = await buildTestServer({ dialect, webRoot });
  });
  afterAll(async () => {
    await server?.close();
    await rm(checkout, { recursive: true, force: true });
  });

  it.each(['/', '/account', '/confirm/some-code'])('answers the app shell for %s', async (url) => {
    const res = await server.inject({ method: 'GET', url });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toMatch(/text\/html/);
    expect(res.raw.body).toBe(INDEX);
    expect(res.raw.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/s/12/a-slug',
    '/s/12/a-slug/paynow',
    '/s/12/a-slug/c/5',
    '/s/premium/12/a-slug',
    '/paymentComplete?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded',
  ])('answers the small shared-link page, not the app, for %s', async (url) => {
    const res = await server.inject({ method: 'GET', url });
    expect(res.status).toBe(200);
    expect(res.raw.body).toBe(SHARED);
    expect(res.raw.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed files with a year-long cache', async () => {
    const res = await server.inject({ method: 'GET', url: `/${CHUNK}` });
    expect(res.status).toBe(200);
    expect(res.raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 with no body to a browser that holds the same copy, and the file to one that does not', async () => {
    const first = await server.inject({ method: 'GET', url: `/${CHUNK}`, headers: { 'accept-encoding': 'identity' } });
    const etag = String(first.raw.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await server.inject({ method: 'GET', url: `/${CHUNK}`, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.raw.body).toBe('');
    expect(again.raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const changed = await server.inject({ method: 'GET', url: `/${CHUNK}`, headers: { 'if-none-match': '"an-older-build"' } });
    expect(changed.status).toBe(200);
    expect(changed.raw.body).toBe('console.log(1)');
    const shell = await server.inject({ method: 'GET', url: '/account' });
    expect((await server.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(shell.raw.headers.etag) } })).status).toBe(
      304,
    );
  });

  it("serves public/'s own images beside the build, and the built page rather than its template", async () => {
    const icon = await server.inject({ method: 'GET', url: '/measures/loft.svg' });
    expect(icon.status).toBe(200);
    expect(icon.raw.body).toBe(ICON);
    expect(icon.raw.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect((await server.inject({ method: 'GET', url: '/index.html' })).raw.body).toBe(INDEX);
  });

  it.each([
    ['GET', '/api/no-such-call'],
    ['GET', '/missing.js'],
    ['POST', '/account'],
  ] as const)('answers %s %s with a JSON 404, not the app', async (method, url) => {
    const res = await server.inject({
      method,
      url,
      ...(method === 'POST' ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: `There is no ${method} ${url}.` });
  });

  it('still answers the API', async () => {
    expect((await server.call(operations.health)).status).toBe(200);
  });
});
