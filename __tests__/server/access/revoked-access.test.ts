import type { Socket } from 'socket.io-client';
import { openSocket as openSocketWith } from '../helpers/sockets';
import * as account from '../../../src/shared/api/account';
import * as access from '../../../src/shared/api/access';
import * as reports from '../../../src/shared/api/reports';
import * as brandings from '../../../src/shared/api/brandings';
import { describeEachDatabase } from '../helpers/databases';
import { GOOD_PASSWORD, loggedInUser, loginAs } from '../helpers/factories';
import { buildTestServer, type TestServer } from '../helpers/test-server';
import { setUserRole } from '../../../src/server/cli/user-role';

const REVOKED = 'Your account can no longer use the app. Please contact support.';

const openSocket = (url: string, cookie: string) => openSocketWith(url, { cookie });

const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

/** Sooner than the servers' 5 s sweep of sockets would close them. */
const PROMPTLY_MS = 2000;
const disconnectedWithin = (socket: Socket, ms: number) =>
  new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(deadline);
      resolve(reason);
    });
  });

/** What `npm run cli -- user set-role EMAIL disabled` writes (the CLI test runs the command itself). */
async function disable(server: TestServer, userId: number) {
  await server.db.updateTable('users').set({ role: 'disabled' }).where('id', '=', userId).execute();
}

describeEachDatabase('a user who loses the right to the app', (dialect) => {
  let server: TestServer;
  let url: string;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    server = await buildTestServer({ dialect });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.close());
    await server.close();
  });

  it('is refused on every call, not only the session check, and their sessions end', async () => {
    const user = await loggedInUser(server);
    expect((await server.call(account.getAccount, undefined, { cookie: user.cookie })).status).toBe(200);
    await disable(server, user.id);

    const answers = [
      await server.call(reports.reportsList, undefined, { cookie: user.cookie, query: { mode: 'preliminary' } }),
      await server.call(brandings.getBrandings, undefined, { cookie: user.cookie }),
      await server.call(account.saveAccount, { name: 'Still Here', phone: '', coverage: '' }, { cookie: user.cookie }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    expect(answers[0].body).toMatchObject({ success: false, error: REVOKED });
    const ping = await server.call(access.ping, undefined, { cookie: user.cookie });
    expect(ping.status).toBe(401);
    const { n } = await server.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
    // Their name was not changed by the refused save.
    expect((await server.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow()).name).toBe(user.name);
  });

  it('cannot log in again while disabled', async () => {
    const user = await loggedInUser(server);
    await disable(server, user.id);
    const res = await server.call(access.login, { username: user.email, password: GOOD_PASSWORD });
    expect(res.status).toBe(403);
  });

  it('is refused once the account is deleted', async () => {
    const user = await loggedInUser(server);
    await server.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await server.call(account.getAccount, undefined, { cookie: user.cookie })).status).toBe(401);
    expect((await server.call(access.ping, undefined, { cookie: user.cookie })).status).toBe(401);
  });

  it('loses their open sockets and gets no more pushes, while other users keep theirs', async () => {
    const ann = await loggedInUser(server);
    const bob = await loggedInUser(server);
    const annSocket = await openSocket(url, ann.cookie);
    const bobSocket = await openSocket(url, bob.cookie);
    sockets.push(annSocket, bobSocket);
    const annGone = disconnected(annSocket);
    const annGot: unknown[] = [];
    annSocket.on('reportListUpdate', (p) => annGot.push(p));

    await disable(server, ann.id);
    // Another process (the CLI) changed the role: the periodic sweep notices it; here it is run now.
    await server.app.deps.realtime.sweep();
    await expect(annGone).resolves.toBe('io server disconnect');
    server.app.deps.realtime.push(ann.id, 'reportListUpdate', { report_id: 1 });
    const bobGot = new Promise((resolve) => bobSocket.once('reportListUpdate', resolve));
    server.app.deps.realtime.push(bob.id, 'reportListUpdate', { report_id: 2 });
    await expect(bobGot).resolves.toEqual({ report_id: 2 });
    expect(annGot).toEqual([]);
    expect(bobSocket.connected).toBe(true);
    await expect(openSocket(url, ann.cookie)).rejects.toThrow('Not logged in');
  });

  it('gets no push once the operator disables them, even before the sweep: their sockets close instead', async () => {
    const ann = await loggedInUser(server);
    const bob = await loggedInUser(server);
    const annSocket = await openSocket(url, ann.cookie);
    const bobSocket = await openSocket(url, bob.cookie);
    sockets.push(annSocket, bobSocket);
    const annGot: unknown[] = [];
    annSocket.on('reportListUpdate', (p) => annGot.push(p));
    const annGone = disconnectedWithin(annSocket, PROMPTLY_MS);

    // What `npm run cli -- user set-role EMAIL disabled` does; without Redis it cannot reach this process.
    await setUserRole(server.db, null, ann.email, 'disabled');
    server.app.deps.realtime.push(ann.id, 'reportListUpdate', { report_id: 1 });
    const bobGot = new Promise((resolve) => bobSocket.once('reportListUpdate', resolve));
    server.app.deps.realtime.push(bob.id, 'reportListUpdate', { report_id: 2 });

    await expect(annGone).resolves.toBe('io server disconnect');
    await expect(bobGot).resolves.toEqual({ report_id: 2 });
    expect(annGot).toEqual([]);
    expect(bobSocket.connected).toBe(true);
  });

  it('closes the sockets of a session that logs out, and only those', async () => {
    const ann = await loggedInUser(server);
    const annOtherTab = await loginAs(server, ann.email, GOOD_PASSWORD);
    const loggingOut = await openSocket(url, ann.cookie);
    const stays = await openSocket(url, annOtherTab);
    sockets.push(loggingOut, stays);
    const gone = disconnected(loggingOut);

    expect((await server.call(access.logout, undefined, { cookie: ann.cookie })).status).toBe(200);

    await expect(gone).resolves.toBe('io server disconnect');
    const got = new Promise((resolve) => stays.once('settingsUpdate', resolve));
    server.app.deps.realtime.push(ann.id, 'settingsUpdate', { what: 'brandings' });
    await expect(got).resolves.toEqual({ what: 'brandings' });
  });

  it("closes other sessions' sockets on a password change and keeps the changer's own", async () => {
    const ann = await loggedInUser(server);
    const elsewhere = await loginAs(server, ann.email, GOOD_PASSWORD);
    const own = await openSocket(url, ann.cookie);
    const other = await openSocket(url, elsewhere);
    sockets.push(own, other);
    const otherGone = disconnected(other);

    const saved = await server.call(
      account.saveAccount,
      { name: ann.name, phone: '', coverage: '', currentPassword: GOOD_PASSWORD, newPassword: 'fresh-password-2' },
      { cookie: ann.cookie },
    );
    expect(saved.status).toBe(200);

    await expect(otherGone).resolves.toBe('io server disconnect');
    const got = new Promise((resolve) => own.once('settingsUpdate', resolve));
    server.app.deps.realtime.push(ann.id, 'settingsUpdate', { what: 'account' });
    await expect(got).resolves.toEqual({ what: 'account' });
  });
});

describe('a user disabled by the operator, with Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let server: TestServer;
  let url: string;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    server = await buildTestServer({ dialect: 'sqlite', redisUrl });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.close());
    await server.close();
  });

  it('loses every open socket at once, through Redis, from the CLI in another process; others keep theirs', async () => {
    const ann = await loggedInUser(server);
    const annOtherTab = await loginAs(server, ann.email, GOOD_PASSWORD);
    const bob = await loggedInUser(server);
    const annSockets = [await openSocket(url, ann.cookie), await openSocket(url, annOtherTab)];
    const bobSocket = await openSocket(url, bob.cookie);
    sockets.push(...annSockets, bobSocket);
    const annGone = Promise.all(annSockets.map((s) => disconnectedWithin(s, PROMPTLY_MS)));

    // The CLI shares only the database and Redis with the server: its message through Redis closes them.
    await setUserRole(server.db, redisUrl, ann.email, 'disabled');

    await expect(annGone).resolves.toEqual(['io server disconnect', 'io server disconnect']);
    const bobGot = new Promise((resolve) => bobSocket.once('settingsUpdate', resolve));
    server.app.deps.realtime.push(bob.id, 'settingsUpdate', { what: 'account' });
    await expect(bobGot).resolves.toEqual({ what: 'account' });
    await expect(openSocket(url, ann.cookie)).rejects.toThrow('Not logged in');
  });
});
