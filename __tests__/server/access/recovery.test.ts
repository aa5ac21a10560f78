import * as access from '../../../src/shared/api/access';
import { describeEachDatabase } from '../helpers/databases';
import { createUser, linkFromOutbox, loggedInUser, readOutbox, RESET_LINK, type TestUser } from '../helpers/factories';
import { PUBLIC_URL, useTestServer, type TestServer } from '../helpers/test-server';
import { refused } from '../helpers/answers';
import { RESET_EMAILS_PER_HOUR } from '../../../src/server/access/recovery';

const NEW_PASSWORD = 'brand-new-pass-9';

/** Asks for a reset link and returns the username and code from the emailed /resetpassword/{username}/{code}. */
async function requestReset(server: TestServer, user: TestUser): Promise<{ username: string; code: string }> {
  const res = await server.call(access.recoverPassword, { email: user.email });
  expect(res.status).toBe(200);
  const [username, code] = (await linkFromOutbox(server, user.email, RESET_LINK)).split('/');
  return { username: decodeURIComponent(username), code };
}

describeEachDatabase('password recovery (recoverpassword)', (dialect) => {
  const server = useTestServer(dialect);

  it('emails a /resetpassword/{username}/{code} link to a registered address', async () => {
    const user = await createUser(server());
    const before = (await readOutbox(server())).length;
    const res = await server().call(access.recoverPassword, { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const mails = await readOutbox(server());
    expect(mails).toHaveLength(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain(`${PUBLIC_URL}/resetpassword/${encodeURIComponent(user.email)}/`);
  });

  it('answers an unknown address exactly as a known one and sends nothing', async () => {
    const user = await createUser(server());
    const known = await server().call(access.recoverPassword, { email: user.email });
    const sent = (await readOutbox(server())).length;
    const unknown = await server().call(access.recoverPassword, { email: 'nobody@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await readOutbox(server())).toHaveLength(sent);
  });

  it('emails an account three links an hour at most, however many addresses ask, and the last still works', async () => {
    const user = await createUser(server());
    for (let n = 1; n <= 6; n++) {
      const res = await server().inject({
        method: 'POST',
        url: access.recoverPassword.path,
        payload: { email: user.email },
        headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
        remoteAddress: `203.0.113.${n}`,
      });
      expect(res.body).toEqual({ success: true });
    }
    const links = (await readOutbox(server())).filter((m) => m.to === user.email && /reset/i.test(m.subject));
    expect(links).toHaveLength(RESET_EMAILS_PER_HOUR);
    // The newest of them works: asking past the limit voided nothing.
    const working = [];
    for (const mail of links) {
      const [username, code] = RESET_LINK.exec(mail.text)![1].split('/');
      const precheck = await server().call(
        access.resetPasswordPrecheck,
        { username: decodeURIComponent(username), code },
        { query: { precheck: 'yes' } },
      );
      if (precheck.status === 200) working.push(mail);
    }
    expect(working).toHaveLength(1);
  });
});

describeEachDatabase('password reset (resetpassword)', (dialect) => {
  const server = useTestServer(dialect);

  it('prechecks a valid link', async () => {
    const user = await createUser(server());
    const { username, code } = await requestReset(server(), user);
    const res = await server().call(access.resetPasswordPrecheck, { username, code }, { query: { precheck: 'yes' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });

  it('refuses a wrong code, or a right code with another username', async () => {
    const user = await createUser(server());
    const other = await createUser(server());
    const { username, code } = await requestReset(server(), user);
    const precheck = { query: { precheck: 'yes' as const } };
    const wrongCode = await server().call(access.resetPasswordPrecheck, { username, code: 'made-up-code' }, precheck);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({ success: false, error: expect.stringMatching(/not valid or has expired/) });
    expect((await server().call(access.resetPasswordPrecheck, { username: other.email, code }, precheck)).status).toBe(400);
    expect((await server().call(access.resetPassword, { username, code: 'made-up-code', password: NEW_PASSWORD })).status).toBe(400);
  });

  it('refuses a link after it expired', async () => {
    const user = await createUser(server());
    const { username, code } = await requestReset(server(), user);
    await server()
      .db.updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', user.id)
      .execute();
    expect((await server().call(access.resetPasswordPrecheck, { username, code }, { query: { precheck: 'yes' } })).status).toBe(400);
    expect((await server().call(access.resetPassword, { username, code, password: NEW_PASSWORD })).status).toBe(400);
    expect((await server().call(access.login, { username: user.email, password: user.password })).status).toBe(200);
  });

  it('refuses a weak password keyed to password and keeps the link usable', async () => {
    const user = await createUser(server());
    const { username, code } = await requestReset(server(), user);
    const weak = await server().call(access.resetPassword, { username, code, password: 'letters' });
    expect(weak.status).toBe(400);
    expect(refused(weak).errors).toEqual([{ key: 'password', error: expect.any(String) }]);
    expect((await server().call(access.login, { username: user.email, password: user.password })).status).toBe(200);
    expect((await server().call(access.resetPassword, { username, code, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('sets the new password and the old one stops working', async () => {
    const user = await createUser(server());
    const { username, code } = await requestReset(server(), user);
    const res = await server().call(access.resetPassword, { username, code, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await server().call(access.login, { username: user.email, password: user.password })).status).toBe(401);
    expect((await server().call(access.login, { username: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('ends every existing session of the user', async () => {
    const user = await loggedInUser(server());
    const { username, code } = await requestReset(server(), user);
    expect((await server().call(access.resetPassword, { username, code, password: NEW_PASSWORD })).status).toBe(200);
    expect((await server().call(access.ping, undefined, { cookie: user.cookie })).status).toBe(401);
  });

  it('accepts a link only once', async () => {
    const user = await createUser(server());
    const { username, code } = await requestReset(server(), user);
    expect((await server().call(access.resetPassword, { username, code, password: NEW_PASSWORD })).status).toBe(200);
    expect((await server().call(access.resetPasswordPrecheck, { username, code }, { query: { precheck: 'yes' } })).status).toBe(400);
    expect((await server().call(access.resetPassword, { username, code, password: 'another-pass-2' })).status).toBe(400);
    expect((await server().call(access.login, { username: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('lifts a login lock, since the emailed link proves the owner', async () => {
    const user = await createUser(server());
    await server()
      .db.updateTable('users')
      .set({ locked_until: Date.now() + 30 * 60_000 })
      .where('id', '=', user.id)
      .execute();
    const { username, code } = await requestReset(server(), user);
    expect((await server().call(access.resetPassword, { username, code, password: NEW_PASSWORD })).status).toBe(200);
    expect((await server().call(access.login, { username: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });
});
