import * as access from '../../../src/shared/api/access';
import * as account from '../../../src/shared/api/account';
import { LOGIN_LOCKOUT } from '../../../src/shared/constants';
import { describeEachDatabase } from '../helpers/databases';
import { countRows, createUser, loggedInUser, loginAs, sessionCookieOf } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { sweepLoginFailures } from '../../../src/server/access/lockout';

const MINUTE = 60_000;

describeEachDatabase('login', (dialect) => {
  const server = useTestServer(dialect);

  it('logs in with the right password and answers the role and name', async () => {
    const user = await createUser(server(), { name: 'Robin Rater', role: 'ra', scheme: 'stroma' });
    const res = await server().call(access.login, { username: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, role: 'ra', name: 'Robin Rater' });
    const cookie = res.raw.cookies.find((c) => c.name === 'epcplus_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('refuses a wrong password without a session', async () => {
    const user = await createUser(server());
    const res = await server().call(access.login, { username: user.email, password: 'wrong-password-1' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Incorrect email address or password.' });
    expect(sessionCookieOf(res)).toBeNull();
    expect(await countRows(server(), 'sessions')).toBe(0);
  });

  it('gives an unknown email the same answer as a wrong password', async () => {
    const user = await createUser(server());
    const wrong = await server().call(access.login, { username: user.email, password: 'wrong-password-1' });
    const unknown = await server().call(access.login, { username: 'nobody@example.com', password: 'wrong-password-1' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('tells an unconfirmed user to confirm their email first', async () => {
    const user = await createUser(server(), { confirmed: false });
    const res = await server().call(access.login, { username: user.email, password: user.password });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: expect.stringMatching(/confirm your email/i) });
    expect(await countRows(server(), 'sessions')).toBe(0);
  });

  it('matches the email whatever its case and surrounding spaces', async () => {
    const user = await createUser(server(), { email: 'Mixed.Case@Example.com' });
    expect(user.email).toBe('mixed.case@example.com');
    const res = await server().call(access.login, { username: '  MIXED.case@EXAMPLE.COM ', password: user.password });
    expect(res.status).toBe(200);
  });

  it('locks the account after five failed logins, refusing even the right password', async () => {
    const user = await createUser(server());
    for (let i = 1; i < LOGIN_LOCKOUT.failures; i++) {
      const res = await server().call(access.login, { username: user.email, password: `wrong-${i}-password` });
      expect(res.status).toBe(401);
    }
    const before = Date.now();
    const fifth = await server().call(access.login, { username: user.email, password: 'wrong-5-password' });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ success: false, error: 'TOO_MANY_FAILED' });

    const right = await server().call(access.login, { username: user.email, password: user.password });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ success: false, error: 'TOO_MANY_FAILED' });
    expect(sessionCookieOf(right)).toBeNull();

    const { locked_until } = await server()
      .db.selectFrom('users')
      .select('locked_until')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(locked_until).toBeGreaterThanOrEqual(before + 30 * MINUTE);
    expect(locked_until).toBeLessThanOrEqual(Date.now() + 30 * MINUTE);
  });

  it('lets the user in again once the 30-minute lock has passed', async () => {
    const user = await createUser(server());
    for (let i = 0; i < LOGIN_LOCKOUT.failures; i++)
      await server().call(access.login, { username: user.email, password: 'wrong-password-1' });
    expect((await server().call(access.login, { username: user.email, password: user.password })).status).toBe(429);

    // Thirty minutes on: the lock ends where it said it would.
    await server()
      .db.updateTable('users')
      .set({ locked_until: Date.now() - 1 })
      .where('id', '=', user.id)
      .execute();
    const res = await server().call(access.login, { username: user.email, password: user.password });
    expect(res.status).toBe(200);
    // The failures that caused the lock are forgotten: one more mistake does not lock again.
    expect((await server().call(access.login, { username: user.email, password: 'wrong-password-1' })).status).toBe(401);
  });

  it('does not count failures older than 30 minutes towards a lock', async () => {
    const user = await createUser(server());
    for (let i = 0; i < LOGIN_LOCKOUT.failures - 1; i++)
      await server().call(access.login, { username: user.email, password: 'wrong-password-1' });
    await server()
      .db.updateTable('login_failures')
      .set({ at: Date.now() - 31 * MINUTE })
      .where('user_id', '=', user.id)
      .execute();
    const res = await server().call(access.login, { username: user.email, password: 'wrong-password-1' });
    expect(res.status).toBe(401);
    expect((await server().call(access.login, { username: user.email, password: user.password })).status).toBe(200);
  });

  it('sweeps away failures past the window and locks that are over, for accounts and made-up addresses alike', async () => {
    const user = await createUser(server());
    const addresses = ['nobody-1@example.com', 'nobody-2@example.com'];
    for (const username of [user.email, ...addresses]) await server().call(access.login, { username, password: 'wrong-password-1' });
    // Five failures lock a made-up address, as they would an account.
    for (let i = 0; i < LOGIN_LOCKOUT.failures; i++)
      await server().call(access.login, { username: 'locked@example.com', password: 'wrong-password-1' });
    const rows = async () => ({
      accounts: await countRows(server(), 'login_failures'),
      addresses: await countRows(server(), 'address_login_failures'),
      locks: await countRows(server(), 'address_locks'),
    });
    expect(await rows()).toEqual({ accounts: 1, addresses: 2, locks: 1 });

    await sweepLoginFailures(server().db);
    expect(await rows()).toEqual({ accounts: 1, addresses: 2, locks: 1 });
    // A day later all of them count for nothing, and go.
    await sweepLoginFailures(server().db, Date.now() + 24 * 60 * MINUTE);
    expect(await rows()).toEqual({ accounts: 0, addresses: 0, locks: 0 });
  });

  it('forgets earlier failures after a successful login', async () => {
    const user = await createUser(server());
    for (let i = 0; i < LOGIN_LOCKOUT.failures - 1; i++)
      await server().call(access.login, { username: user.email, password: 'wrong-password-1' });
    await loginAs(server(), user.email, user.password);
    const res = await server().call(access.login, { username: user.email, password: 'wrong-password-1' });
    expect(res.status).toBe(401);
  });

  it('starts a new session on login and ends the one the browser already had', async () => {
    const user = await createUser(server());
    const first = await loginAs(server(), user.email, user.password);
    const res = await server().call(access.login, { username: user.email, password: user.password }, { cookie: first });
    const second = sessionCookieOf(res);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect((await server().call(access.ping, undefined, { cookie: first })).status).toBe(401);
    expect((await server().call(access.ping, undefined, { cookie: second })).status).toBe(200);
    expect(await countRows(server(), 'sessions')).toBe(1);
  });

  it('refuses a user whose role may not use the app', async () => {
    const user = await createUser(server());
    await server().db.updateTable('users').set({ role: 'disabled' }).where('id', '=', user.id).execute();
    const res = await server().call(access.login, { username: user.email, password: user.password });
    expect(res.status).toBe(403);
    expect(sessionCookieOf(res)).toBeNull();
  });
});

describeEachDatabase('logout', (dialect) => {
  const server = useTestServer(dialect);

  it('ends the session and clears the cookie', async () => {
    const { cookie } = await loggedInUser(server());
    const res = await server().call(access.logout, undefined, { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const cleared = res.raw.cookies.find((c) => c.name === 'epcplus_sid');
    expect(cleared?.value).toBe('');
    expect(await countRows(server(), 'sessions')).toBe(0);
    expect((await server().call(access.ping, undefined, { cookie })).status).toBe(401);
  });

  it('answers success without a session too', async () => {
    const res = await server().call(access.logout);
    expect(res.status).toBe(200);
  });

  it('ends only the session it was sent with', async () => {
    const user = await createUser(server());
    const laptop = await loginAs(server(), user.email, user.password);
    const phone = await loginAs(server(), user.email, user.password);
    await server().call(access.logout, undefined, { cookie: laptop });
    expect((await server().call(access.ping, undefined, { cookie: phone })).status).toBe(200);
  });
});

describeEachDatabase('ping', (dialect) => {
  const server = useTestServer(dialect);

  it('answers the role and display name of a logged-in user', async () => {
    const { cookie } = await loggedInUser(server(), { name: 'Pat Surveyor', role: 'estate agent', scheme: '' });
    const res = await server().call(access.ping, undefined, { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, role: 'estate agent', display_username: 'Pat Surveyor' });
  });

  it('answers 401 without a session', async () => {
    const res = await server().call(access.ping);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('answers 401 to a cookie that names no session', async () => {
    const res = await server().call(access.ping, undefined, { cookie: 'epcplus_sid=made-up-token' });
    expect(res.status).toBe(401);
  });

  it('ends the session of a user whose role is no longer allowed', async () => {
    const user = await loggedInUser(server());
    await server().db.updateTable('users').set({ role: 'disabled' }).where('id', '=', user.id).execute();
    const res = await server().call(access.ping, undefined, { cookie: user.cookie });
    expect(res.status).toBe(401);
    expect(res.raw.cookies.find((c) => c.name === 'epcplus_sid')?.value).toBe('');

    // The session itself is gone: restoring the role does not bring the old cookie back.
    await server().db.updateTable('users').set({ role: 'surveyor' }).where('id', '=', user.id).execute();
    expect((await server().call(access.ping, undefined, { cookie: user.cookie })).status).toBe(401);
    expect((await server().call(account.displayVars, undefined, { cookie: user.cookie })).status).toBe(401);
  });

  it('ends a session idle for more than three days', async () => {
    const user = await loggedInUser(server());
    await server()
      .db.updateTable('sessions')
      .set({ last_seen_at: Date.now() - 3 * 24 * 60 * MINUTE - MINUTE })
      .where('user_id', '=', user.id)
      .execute();
    expect((await server().call(access.ping, undefined, { cookie: user.cookie })).status).toBe(401);
    expect(await countRows(server(), 'sessions')).toBe(0);
  });
});
