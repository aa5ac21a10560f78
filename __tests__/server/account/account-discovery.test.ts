import { createServer, type Server } from 'node:net';
import * as access from '../../../src/shared/api/access';
import { SEND_EMAIL } from '../../../src/server/platform/email/mailer';
import { describeEachDatabase } from '../helpers/databases';
import { createUser, linkFromOutbox, newInvite, readOutbox, RESET_LINK, signupBody } from '../helpers/factories';
import { buildTestServer, useTestServer, type TestServer } from '../helpers/test-server';
import { refused } from '../helpers/answers';

/** Just enough SMTP to take a message: what a mail server says, line by line, and the message it got. */
function startSmtpServer(port: number): Promise<{ server: Server; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^(MAIL|RCPT|RSET|NOOP)/i.test(line)) socket.write('250 ok\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, received })));
}

/** A port nothing listens on (yet). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const emailJobs = (server: TestServer) =>
  server.db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('kind', '=', SEND_EMAIL.kind).execute();

describeEachDatabase('what the access calls give away', (dialect) => {
  const server = useTestServer(dialect);

  it('says nothing about the email when the invite code is wrong', async () => {
    const existing = await createUser(server());
    const res = await server().call(access.signup, signupBody('wrong-invite', { email: existing.email }));
    expect(res.status).toBe(400);
    const keys = (refused(res).errors ?? []).map((e) => e.key);
    expect(keys).toEqual(['inviteCode']);
  });

  it('answers recovery for an unknown address with the same call and work as a known one, and only the known one gets mail', async () => {
    const user = await createUser(server());
    const before = (await readOutbox(server())).length;
    const known = await server().call(access.recoverPassword, { email: user.email });
    const unknown = await server().call(access.recoverPassword, { email: 'nobody-here@example.com' });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(unknown.body).toEqual(known.body);
    const mails = (await readOutbox(server())).slice(before);
    expect(mails.map((m) => m.to)).toEqual([user.email]);
  });

  it('locks an address with no account after five failures exactly as it locks an account', async () => {
    const user = await createUser(server());
    const attempt = (username: string) => server().call(access.login, { username, password: 'not-the-password-1' });
    const answers = async (username: string) => {
      const out = [];
      for (let i = 0; i < 6; i++) {
        const res = await attempt(username);
        out.push([res.status, refused(res).error]);
      }
      return out;
    };
    const forKnown = await answers(user.email);
    const forUnknown = await answers('nobody-at-all@example.com');
    expect(forUnknown).toEqual(forKnown);
    expect(forUnknown[5]).toEqual([429, 'TOO_MANY_FAILED']);
  });

  it('voids older reset links when a newer one is asked for, and every link once one is used', async () => {
    const user = await createUser(server());
    await server().call(access.recoverPassword, { email: user.email });
    const [, firstCode] = (await linkFromOutbox(server(), user.email, RESET_LINK)).split('/');
    await server().call(access.recoverPassword, { email: user.email });
    const [, secondCode] = (await linkFromOutbox(server(), user.email, RESET_LINK)).split('/');
    expect(secondCode).not.toBe(firstCode);
    const precheck = (code: string) =>
      server().call(access.resetPasswordPrecheck, { username: user.email, code }, { query: { precheck: 'yes' } });
    expect((await precheck(firstCode)).status).toBe(400);
    expect((await precheck(secondCode)).status).toBe(200);
    // A link still unused by another route (a copy kept by the user) ends with the reset too.
    const spare = 'spare-code-never-emailed';
    await server()
      .db.insertInto('password_resets')
      .values({ user_id: user.id, code_hash: server().app.deps.hash(spare), expires_at: Date.now() + 60_000, used_at: null })
      .execute();
    expect(
      (await server().call(access.resetPassword, { username: user.email, code: secondCode, password: 'brand-new-pass-9' })).status,
    ).toBe(200);
    expect((await precheck(spare)).status).toBe(400);
  });
});

describeEachDatabase('email while the mail server is away', (dialect) => {
  it('signs the user up, spends the invite, answers recovery alike, and sends the mail once the server is back', async () => {
    const port = await closedPort();
    const server = await buildTestServer({ dialect, env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | null = null;
    try {
      const invite = await newInvite(server);
      const body = signupBody(invite);
      const signup = await server.call(access.signup, body);
      expect(signup.status).toBe(200);
      const recoverKnown = await server.call(access.recoverPassword, { email: body.email });
      const recoverUnknown = await server.call(access.recoverPassword, { email: 'nobody-smtp@example.com' });
      expect([recoverKnown.status, recoverUnknown.status]).toEqual([200, 200]);
      const spent = await server.db.selectFrom('invite_codes').select('used_at').where('code', '=', invite).executeTakeFirstOrThrow();
      expect(spent.used_at).not.toBeNull();

      await server.app.deps.jobs.drain();
      const waiting = await emailJobs(server);
      expect(waiting.length).toBeGreaterThan(0);
      expect(waiting.every((j) => j.status === 'queued' && j.attempts >= 1 && j.last_error)).toBe(true);

      smtp = await startSmtpServer(port);
      // The retry is due later; bring it forward instead of waiting for it.
      await server.db
        .updateTable('jobs')
        .set({ run_after: Date.now() })
        .where('kind', '=', SEND_EMAIL.kind)
        .where('status', '=', 'queued')
        .execute();
      await server.app.deps.jobs.drain();

      expect((await emailJobs(server)).every((j) => j.status === 'done')).toBe(true);
      expect(smtp.received.some((m) => m.includes('/confirm/'))).toBe(true);
      expect(smtp.received.some((m) => m.includes('/resetpassword/'))).toBe(true);
    } finally {
      await server.close();
      await new Promise((resolve) => (smtp ? smtp.server.close(resolve) : resolve(null)));
    }
  });
});
