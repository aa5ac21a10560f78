import * as access from '../../../src/shared/api/access';
import { describeEachDatabase } from '../helpers/databases';
import { CONFIRM_LINK, createUser, linkFromOutbox, readOutbox } from '../helpers/factories';
import { useTestServer, type TestServer } from '../helpers/test-server';
import { ok, refused } from '../helpers/answers';

const confirmMailsTo = async (server: TestServer, email: string) =>
  (await readOutbox(server)).filter((m) => m.to === email && CONFIRM_LINK.test(m.text));

describeEachDatabase('asking for the confirmation email again (resendconfirmation)', (dialect) => {
  const server = useTestServer(dialect);

  it('answers an unknown, a confirmed and an unconfirmed address alike and emails only the unconfirmed one', async () => {
    const waiting = await createUser(server(), { confirmed: false });
    const confirmed = await createUser(server());
    const sentBefore = (await readOutbox(server())).length;
    const answers = [];
    for (const email of [waiting.email, confirmed.email, 'nobody-here@example.com']) {
      const res = await server().call(access.resendConfirmation, { email });
      answers.push([res.status, res.body]);
    }
    expect(answers).toEqual([
      [200, { success: true }],
      [200, { success: true }],
      [200, { success: true }],
    ]);
    const newMails = (await readOutbox(server())).slice(sentBefore);
    expect(newMails.map((m) => m.to)).toEqual([waiting.email]);
    expect(newMails[0].subject).toMatch(/confirm your email/i);
  });

  it('matches the address whatever its case, and the new link confirms the account', async () => {
    const user = await createUser(server(), { confirmed: false });
    // The sign-up's email is sent before the assessor asks again (the queue sends due emails side by side, in any order).
    expect(await confirmMailsTo(server(), user.email)).toHaveLength(1);
    ok(await server().call(access.resendConfirmation, { email: ` ${user.email.toUpperCase()} ` }));
    expect(await confirmMailsTo(server(), user.email)).toHaveLength(2);
    const code = await linkFromOutbox(server(), user.email, CONFIRM_LINK);
    expect(ok(await server().call(access.userValidate, { code }))).toEqual({ success: true, display_username: user.email });
    ok(await server().call(access.login, { username: user.email, password: user.password }));
  });

  it('voids the older link: it no longer confirms anyone', async () => {
    const user = await createUser(server(), { confirmed: false });
    const oldCode = await linkFromOutbox(server(), user.email, CONFIRM_LINK);
    ok(await server().call(access.resendConfirmation, { email: user.email }));
    const newCode = await linkFromOutbox(server(), user.email, CONFIRM_LINK);
    expect(newCode).not.toBe(oldCode);
    const old = await server().call(access.userValidate, { code: oldCode });
    expect(old.status).toBe(400);
    expect(refused(old).error).toBe(access.ACCESS_ERRORS.confirmLinkInvalid);
    const login = await server().call(access.login, { username: user.email, password: user.password });
    expect(login.status).toBe(403);
    expect(refused(login).error).toBe(access.ACCESS_ERRORS.emailNotConfirmed);
  });

  it('limits one address to five requests a minute, with the same answer for every email', async () => {
    const user = await createUser(server(), { confirmed: false });
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const email = i % 2 ? user.email : `nobody-${i}@example.com`;
      statuses.push((await server().call(access.resendConfirmation, { email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(refused(await server().call(access.resendConfirmation, { email: user.email })).error).toMatch(/^Too many requests/);
    // The sign-up email and the two resends that got through.
    expect(await confirmMailsTo(server(), user.email)).toHaveLength(3);
  });

  it('refuses a blank address with 400 and sends nothing', async () => {
    const before = (await readOutbox(server())).length;
    const res = await server().call(access.resendConfirmation, { email: '  ' });
    expect(res.status).toBe(400);
    expect(refused(res).error).toMatch(/Enter your email address/);
    expect(await readOutbox(server())).toHaveLength(before);
  });
});

describeEachDatabase('a confirmation link used twice (uservalidate)', (dialect) => {
  const server = useTestServer(dialect);

  it('says the email is already confirmed, without naming the account', async () => {
    const user = await createUser(server(), { confirmed: false });
    const code = await linkFromOutbox(server(), user.email, CONFIRM_LINK);
    ok(await server().call(access.userValidate, { code }));
    const again = await server().call(access.userValidate, { code });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: access.ACCESS_ERRORS.alreadyConfirmed });
  });

  it('says so too when a password reset confirmed the address first', async () => {
    const user = await createUser(server(), { confirmed: false });
    const code = await linkFromOutbox(server(), user.email, CONFIRM_LINK);
    await server().db.updateTable('users').set({ email_confirmed_at: Date.now() }).where('id', '=', user.id).execute();
    expect((await server().call(access.userValidate, { code })).status).toBe(409);
  });

  it('calls a made-up code not valid', async () => {
    const res = await server().call(access.userValidate, { code: 'never-emailed-code' });
    expect(res.status).toBe(400);
    expect(refused(res).error).toBe(access.ACCESS_ERRORS.confirmLinkInvalid);
  });
});
