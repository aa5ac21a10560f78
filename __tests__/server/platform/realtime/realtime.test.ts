import type { Socket } from 'socket.io-client';
import { openSocket } from '../../helpers/sockets';
import { buildTestServer, PUBLIC_URL, type TestServer } from '../../helpers/test-server';
import { describeEachDatabase } from '../../helpers/databases';
import { loggedInUser } from '../../helpers/factories';

describeEachDatabase('push over socket.io', (dialect) => {
  let server: TestServer;
  let url: string;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    server = await buildTestServer({ dialect });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    url = `http://127.0.0.1:${port}`;
  });
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.close());
    await server.close();
  });

  it('refuses a connection without a live session cookie', async () => {
    await expect(openSocket(url, {})).rejects.toThrow('Not logged in');
    await expect(openSocket(url, { cookie: 'epcplus_sid=forged-token' })).rejects.toThrow('Not logged in');
  });

  it('refuses a connection from another site even with a session cookie', async () => {
    const user = await loggedInUser(server);
    await expect(openSocket(url, { cookie: user.cookie, origin: 'http://evil.example' })).rejects.toThrow();
  });

  it('delivers a push to every tab of its user and to nobody else', async () => {
    const ann = await loggedInUser(server);
    const bob = await loggedInUser(server);
    const annTab1 = await openSocket(url, { cookie: ann.cookie, origin: PUBLIC_URL });
    const annTab2 = await openSocket(url, { cookie: ann.cookie });
    const bobTab = await openSocket(url, { cookie: bob.cookie });
    sockets.push(annTab1, annTab2, bobTab);
    const bobGot: unknown[] = [];
    bobTab.on('reportListUpdate', (p) => bobGot.push(p));
    const received = Promise.all([annTab1, annTab2].map((s) => new Promise((resolve) => s.once('reportListUpdate', resolve))));

    server.app.deps.realtime.push(ann.id, 'reportListUpdate', { report_id: 7 });

    await expect(received).resolves.toEqual([{ report_id: 7 }, { report_id: 7 }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(bobGot).toEqual([]);
  });
});

describe('push across server processes (Redis adapter)', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let sender: TestServer;
  let receiver: TestServer;
  let socket: Socket | null = null;

  beforeEach(async () => {
    [sender, receiver] = await Promise.all([
      buildTestServer({ dialect: 'sqlite', redisUrl }),
      buildTestServer({ dialect: 'sqlite', redisUrl }),
    ]);
    await receiver.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    socket?.close();
    await Promise.all([sender.close(), receiver.close()]);
  });

  it('delivers a push sent by one server to the user connected to another', async () => {
    const user = await loggedInUser(receiver);
    const { port } = receiver.app.server.address() as { port: number };
    socket = await openSocket(`http://127.0.0.1:${port}`, { cookie: user.cookie });
    const got = new Promise((resolve) => socket!.once('settingsUpdate', resolve));
    // The adapter's subscription is set up asynchronously; a short pause keeps the test honest, not flaky.
    await new Promise((r) => setTimeout(r, 200));

    sender.app.deps.realtime.push(user.id, 'settingsUpdate', { what: 'brandings' });

    await expect(got).resolves.toEqual({ what: 'brandings' });
  });
});
