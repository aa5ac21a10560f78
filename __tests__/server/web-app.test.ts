import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as access from '../../src/shared/api/access';
import { describeEachDatabase } from './helpers/databases';
import { buildTestServer, type TestServer } from './helpers/test-server';

const INDEX = '<!doctype html><title>EPCplus</title><div id="root"></div>';
const SHARED = '<!doctype html><title>Your report</title><div id="shared-root"></div>';
const CHUNK = 'main.0123456789abcdef.js';

describeEachDatabase('the built web app', (dialect) => {
  let webRoot: string;
  let server: TestServer;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'epcplus-web-'));
    await writeFile(join(webRoot, 'index.html'), INDEX);
    await writeFile(join(webRoot, 'shared.html'), SHARED);
    await writeFile(join(webRoot, CHUNK), 'console.log(1)');
    server = await buildTestServer({ dialect, webRoot });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webRoot, { recursive: true, force: true });
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
    expect((await server.call(access.health)).status).toBe(200);
  });
});
