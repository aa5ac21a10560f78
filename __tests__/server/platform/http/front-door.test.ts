import type { AddressInfo } from 'node:net';
import { request as httpRequest, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { builtFileOf, type BuiltFile } from '../../../../src/server/platform/http/built-files';
import { createFrontDoor } from '../../../../src/server/platform/http/front-door';
import { requestIds } from '../../../../src/server/platform/observability/logging';
import { buildTestServer, type TestServer } from '../../helpers/test-server';

const INDEX = `<!doctype html><title>EPCplus</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const SHARED = '<!doctype html><title>Your report</title><div id="shared-root"></div>';
const CHUNK = 'main.0123456789abcdef.js';
const CHUNK_TEXT = `(()=>{${'console.log("a chunk of the web app");'.repeat(100)}})();`;

const addressOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('the front door, before Fastify', () => {
  const SECURITY = { 'x-frame-options': 'SAMEORIGIN' };
  let server: Server;
  let fastifyGot: string[];
  let underPressure: boolean;
  let closeHook: (done: () => void) => void;
  const lines: Record<string, unknown>[] = [];
  const observed: unknown[][] = [];

  beforeAll(async () => {
    const frontDoor = createFrontDoor();
    // Fastify's handler stands for everything the door leaves to it.
    server = frontDoor.serverFactory(
      (req, res) => {
        fastifyGot.push(`${req.method} ${req.url}`);
        res.end('fastify');
      },
      { keepAliveTimeout: 5000 },
    );
    const log = { info: (line: Record<string, unknown>) => void lines.push(line), child: () => log };
    const app = {
      log,
      isUnderPressure: () => underPressure,
      addHook: (_name: string, hook: typeof closeHook) => void (closeHook = hook),
    } as unknown as FastifyInstance;
    const files = new Map<string, BuiltFile>([
      ['/index.html', builtFileOf('/index.html', INDEX)],
      [`/${CHUNK}`, builtFileOf(`/${CHUNK}`, CHUNK_TEXT)],
    ]);
    frontDoor.open(app, {
      files,
      securityHeaders: SECURITY,
      observe: (...args) => void observed.push(args),
      trustProxy: false,
      nextRequestId: requestIds(),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  beforeEach(() => {
    fastifyGot = [];
    underPressure = false;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers the page at / and a built file itself, with the security headers, a request line and a metric', async () => {
    const page = await fetch(`${addressOf(server)}/?from=email`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(INDEX);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const chunk = await fetch(`${addressOf(server)}/${CHUNK}`);
    expect(await chunk.text()).toBe(CHUNK_TEXT);
    expect(fastifyGot).toEqual([]);
    expect(lines.at(-2)).toMatchObject({ method: 'GET', url: '/', statusCode: 200, remoteAddress: '127.0.0.1' });
    expect(lines.at(-1)).toMatchObject({ method: 'GET', url: `/${CHUNK}`, statusCode: 200 });
    expect(lines.at(-1)!.reqId).not.toBe(lines.at(-2)!.reqId);
    expect(observed.at(-2)).toEqual(['/', 'GET', 200, expect.any(Number)]);
  });

  it('leaves every other method and address to Fastify', async () => {
    await fetch(`${addressOf(server)}/`, { method: 'POST', body: '{}' });
    await fetch(`${addressOf(server)}/api/ping`);
    await fetch(`${addressOf(server)}/account`);
    // Only the exact address: Fastify's router decodes and answers any other spelling.
    await fetch(`${addressOf(server)}/main%2E0123456789abcdef.js`);
    expect(fastifyGot).toEqual(['POST /', 'GET /api/ping', 'GET /account', 'GET /main%2E0123456789abcdef.js']);
  });

  it("leaves even the built files to Fastify while the process is overloaded, for the overload guard's 503", async () => {
    underPressure = true;
    expect(await (await fetch(`${addressOf(server)}/`)).text()).toBe('fastify');
    expect(fastifyGot).toEqual(['GET /']);
  });

  // Last: the door stays shut once the server begins to close.
  it('leaves them to Fastify once the server closes, which answers 503 then', async () => {
    await new Promise<void>((resolve) => closeHook(resolve));
    expect(await (await fetch(`${addressOf(server)}/${CHUNK}`)).text()).toBe('fastify');
    expect(fastifyGot).toEqual([`GET /${CHUNK}`]);
  });
});

/** What a client can tell of an answer: all but the headers Node adds per connection and per second. */
function seenByClient(status: number, headers: Record<string, unknown>, body: Buffer) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return { status, headers: Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])), body: body.toString('base64') };
}

/** An answer as it crossed the wire, undecoded (fetch would undo its compression and add an Accept-Encoding). */
function wireAnswer(url: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the front door in the server', () => {
  let webRoot: string;
  let server: TestServer;
  let address: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'epcplus-front-door-'));
    for (const [name, text] of [
      ['index.html', INDEX],
      ['shared.html', SHARED],
      [CHUNK, CHUNK_TEXT],
    ]) {
      await writeFile(join(webRoot, name), text);
      await writeFile(join(webRoot, `${name}.br`), brotliCompressSync(text));
      await writeFile(join(webRoot, `${name}.gz`), gzipSync(text));
    }
    server = await buildTestServer({
      dialect: 'sqlite',
      webRoot,
      log: { stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
      // Behind a proxy on loopback, as deployed: the client is the address the proxy forwards.
      env: { TRUST_PROXY: 'loopback', METRICS_TOKEN: 'scrape-me-0123456789', LOG_LEVEL: 'info' },
    });
    address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['/', { 'accept-encoding': 'gzip, deflate, br' }],
    ['/', { 'accept-encoding': 'gzip' }],
    ['/', {}],
    ['/index.html?v=2', { 'accept-encoding': 'br' }],
    [`/${CHUNK}`, { 'accept-encoding': 'br;q=0, gzip' }],
    [`/${CHUNK}`, { 'accept-encoding': 'br', 'if-none-match': 'W/"an-older-build", "will-be-replaced"' }],
  ])('answers GET %s %j as the route Fastify has for it answers', async (url, headers: Record<string, string>) => {
    let sent = headers;
    if (sent['if-none-match']) {
      // The copy's own ETag, in a list with an older one: a 304.
      const first = await server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      sent = { ...sent, 'if-none-match': sent['if-none-match'].replace('"will-be-replaced"', String(first.raw.headers.etag)) };
    }
    const viaFastify = await server.inject({ method: 'GET', url, headers: sent });
    const viaDoor = await wireAnswer(`${address}${url}`, sent);
    expect(seenByClient(viaDoor.status, viaDoor.headers, viaDoor.body)).toEqual(
      seenByClient(viaFastify.status, viaFastify.raw.headers, viaFastify.raw.rawPayload),
    );
    expect(viaDoor.status).toBe(sent['if-none-match'] ? 304 : 200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await wireAnswer(`${address}/${CHUNK}`, { 'accept-encoding': 'gzip' }, 'HEAD');
    const get = await wireAnswer(`${address}/${CHUNK}`, { 'accept-encoding': 'gzip' });
    expect(head.status).toBe(200);
    expect(get.body.length).toBeGreaterThan(0);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.body.length).toBe(0);
  });

  it('writes the request line Fastify writes, with the client a trusted proxy forwards', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'epc.example.co.uk' };
    await fetch(`${address}/`, { headers: forwarded });
    // A deep link: Fastify's not-found handler answers the same page.
    await fetch(`${address}/account`, { headers: forwarded });
    const [door, fastify] = lines.filter((line) => line.msg === 'request completed').slice(-2);
    const { reqId: doorId, url: doorUrl, responseTime: doorTime, time: _t1, ...doorRest } = door;
    const { reqId: fastifyId, url: fastifyUrl, responseTime: fastifyTime, time: _t2, ...fastifyRest } = fastify;
    expect(doorRest).toEqual(fastifyRest);
    expect(doorRest).toMatchObject({ remoteAddress: '203.0.113.7', host: 'epc.example.co.uk', statusCode: 200, method: 'GET' });
    expect([doorUrl, fastifyUrl]).toEqual(['/', '/account']);
    expect(typeof doorTime).toBe('number');
    expect(typeof fastifyTime).toBe('number');
    // One sequence of ids for the server, whichever way a request is answered.
    expect(doorId).not.toBe(fastifyId);
  });

  it('counts its answers in the request metrics, the page at / under its own address', async () => {
    await fetch(`${address}/`);
    await fetch(`${address}/${CHUNK}`);
    const metrics = await (await fetch(`${address}/metrics`, { headers: { authorization: 'Bearer scrape-me-0123456789' } })).text();
    // Fastify would count / with every other deep link, as "unmatched": the front door answered it.
    expect(metrics).toMatch(/epcplus_http_request_duration_seconds_count\{route="\/",method="GET",status="200"\} [1-9]/);
    expect(metrics).toContain(`epcplus_http_request_duration_seconds_count{route="/${CHUNK}",method="GET",status="200"}`);
  });

  it('still answers calls and deep links through Fastify', async () => {
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ success: true });
    const post = await fetch(`${address}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(404);
  });
});
