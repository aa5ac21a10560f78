import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import * as access from '../../../../src/shared/api/access';
import * as operations from '../../../../src/shared/api/operations';
import { openSocket } from '../../helpers/sockets';
import { buildTestServer, PUBLIC_URL, type TestServer } from '../../helpers/test-server';
import { GOOD_PASSWORD, loggedInUser, loginAs, STROMA_ASSESSOR, uniqueEmail } from '../../helpers/factories';
import { createReport } from '../../helpers/reports';

/** A port nobody listens on now, for a Redis of this test's own (the shared one must stay up). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return child;
}

async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** Asks again until the answer comes or the deadline passes: waiting for a reconnection, not sleeping. */
async function until<T>(what: string, attempt: () => Promise<T | null>, deadlineMs = 15_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const result = await attempt();
    if (result !== null) return result;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

/** The next event of that name on the socket; fails after the deadline rather than hanging the suite. */
const received = (socket: Socket, event: string, withinMs = 5000) =>
  new Promise((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`no ${event} within ${withinMs} ms`)), withinMs);
    socket.once(event, (payload: unknown) => {
      clearTimeout(deadline);
      resolve(payload);
    });
  });

describe('while Redis is away', () => {
  let redisPort: number;
  let redis: ChildProcess;
  let sender: TestServer;
  let receiver: TestServer;
  let receiverUrl: string;
  const sockets: Socket[] = [];
  const logLines: string[] = [];
  const unhandled: unknown[] = [];
  const noteUnhandled = (reason: unknown) => unhandled.push(reason);
  let consoleErrors: jest.SpyInstance<void, unknown[]>;
  let consoleWarnings: jest.SpyInstance<void, unknown[]>;

  const log = { stream: { write: (line: string) => void logLines.push(line) }, level: 'info' };
  const logged = (text: string) => logLines.filter((line) => line.includes(text));
  const subscribers = async () => {
    const probe = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      // The connections subscribed to a pattern: the adapter's subscription for pushes, one per server.
      const clients = String(await probe.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
      return clients.split('\n').filter((line) => / psub=[1-9]/.test(line)).length;
    } catch {
      return 0;
    } finally {
      probe.disconnect();
    }
  };
  const login = (server: TestServer, username: string, password: string, remoteAddress: string) =>
    server.inject({
      method: 'POST',
      url: access.login.path,
      payload: { username, password },
      remoteAddress,
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    });

  beforeAll(async () => {
    process.on('unhandledRejection', noteUnhandled);
    process.on('uncaughtException', noteUnhandled);
    consoleErrors = jest.spyOn(console, 'error');
    consoleWarnings = jest.spyOn(console, 'warn');
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    [sender, receiver] = await Promise.all([
      buildTestServer({ dialect: 'sqlite', redisUrl, log }),
      buildTestServer({ dialect: 'sqlite', redisUrl, log }),
    ]);
    await receiver.app.listen({ port: 0, host: '127.0.0.1' });
    receiverUrl = `http://127.0.0.1:${(receiver.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([sender?.close(), receiver?.close()]);
    if (redis) await killRedis(redis);
    process.off('unhandledRejection', noteUnhandled);
    process.off('uncaughtException', noteUnhandled);
    consoleErrors.mockRestore();
    consoleWarnings.mockRestore();
  });

  it('with Redis up, logs in, answers ready and pushes across processes', async () => {
    expect((await receiver.call(operations.ready)).body).toMatchObject({ success: true, redis: 'ok' });
    const user = await loggedInUser(receiver);
    const socket = await openSocket(receiverUrl, { cookie: user.cookie });
    sockets.push(socket);
    // The first report of a process pays for loading its parsers: paid here, not in the timing below.
    expect((await createReport(receiver, (await loggedInUser(receiver, STROMA_ASSESSOR)).cookie)).success).toBe(true);
    await until('both servers to subscribe', async () => ((await subscribers()) >= 2 ? true : null));
    const got = received(socket, 'settingsUpdate');
    sender.app.deps.realtime.push(user.id, 'settingsUpdate', { what: 'brandings' });
    await expect(got).resolves.toEqual({ what: 'brandings' });
  });

  it('answers readiness with 503 naming Redis, and logins, limits, reports and push without waiting on it', async () => {
    const user = await loggedInUser(receiver, STROMA_ASSESSOR);
    const socket = await openSocket(receiverUrl, { cookie: user.cookie });
    // Someone with two tabs and no reports (so no push of a render closes a tab first).
    const bob = await loggedInUser(receiver);
    const otherTab = await loginAs(receiver, bob.email, GOOD_PASSWORD);
    const bobSocket = await openSocket(receiverUrl, { cookie: bob.cookie });
    const otherSocket = await openSocket(receiverUrl, { cookie: otherTab });
    sockets.push(socket, bobSocket, otherSocket);

    await killRedis(redis);

    const readiness = async () => {
      const ready = await timed(() => receiver.call(operations.ready));
      expect(ready.result.status).toBe(503);
      expect(ready.result.body).toMatchObject({ success: false, error: 'The Redis server is not reachable.' });
      expect(ready.ms).toBeLessThan(1000);
    };
    await readiness();

    // The login limit (20 a minute per address) still holds, counted in the process; a new made-up
    // email each time, so that the per-account lockout is not what answers 429. No login waits on
    // Redis, however long it has been away (its client's reconnection attempts space out meanwhile).
    const statuses: number[] = [];
    const times: number[] = [];
    let refusal: unknown;
    for (let n = 0; n < 21; n++) {
      const { result, ms } = await timed(() => login(receiver, uniqueEmail('guess'), 'wrong-password-1', '198.51.100.61'));
      statuses.push(result.status);
      times.push(ms);
      refusal = result.body;
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(refusal).toMatchObject({ error: expect.stringContaining('Too many requests from your address') });
    expect(Math.max(...times)).toBeLessThan(1000);

    const loggedIn = await timed(() => login(receiver, user.email, GOOD_PASSWORD, '198.51.100.60'));
    expect(loggedIn.result.status).toBe(200);
    expect(loggedIn.ms).toBeLessThan(1000);
    await readiness();

    const created = await timed(() => createReport(receiver, user.cookie));
    expect(created.result.success).toBe(true);
    // Upload, check and create: three calls, each rate-limited (each waited seconds on a Redis that was away).
    expect(created.ms).toBeLessThan(2000);

    // Push reaches this process's own sockets.
    const got = received(socket, 'settingsUpdate');
    receiver.app.deps.realtime.push(user.id, 'settingsUpdate', { what: 'usersettings' });
    await expect(got).resolves.toEqual({ what: 'usersettings' });

    // A logout closes its session's socket here at once, though Redis cannot carry the news (sooner
    // than the 5 s sweep would).
    const gone = received(otherSocket, 'disconnect', 2000);
    expect((await receiver.call(access.logout, undefined, { cookie: otherTab })).status).toBe(200);
    await expect(gone).resolves.toBe('io server disconnect');
    expect(bobSocket.connected).toBe(true);

    // Nothing unhandled (ioredis and the adapter write to the console when no one listens for
    // errors), and one error line per process for the outage, however often the clients retry.
    expect(unhandled).toEqual([]);
    const consoleText = [...consoleErrors.mock.calls, ...consoleWarnings.mock.calls].map((args) => args.map(String).join(' ')).join('\n');
    expect(consoleText).not.toMatch(/unhandled error|missing 'error' handler/i);
    await until('the sender to notice', () => Promise.resolve(logged('Redis is not reachable').length >= 2 ? true : null));
    expect(logged('Redis is not reachable')).toHaveLength(2);
  });

  it('is ready again and shares push across processes once Redis is back', async () => {
    redis = await startRedis(redisPort);
    for (const server of [sender, receiver]) {
      await until('readiness', async () => ((await server.call(operations.ready)).status === 200 ? true : null));
    }
    expect((await receiver.call(operations.ready)).body).toMatchObject({ success: true, redis: 'ok' });
    await until('both servers to subscribe again', async () => ((await subscribers()) >= 2 ? true : null));

    const user = await loggedInUser(receiver);
    const socket = await openSocket(receiverUrl, { cookie: user.cookie });
    sockets.push(socket);
    const got = received(socket, 'settingsUpdate');
    sender.app.deps.realtime.push(user.id, 'settingsUpdate', { what: 'account' });
    await expect(got).resolves.toEqual({ what: 'account' });
    expect(logged('Redis answers again')).toHaveLength(2);
    expect(unhandled).toEqual([]);
  });
});
