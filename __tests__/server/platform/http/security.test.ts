import * as access from '../../../../src/shared/api/access';
import * as account from '../../../../src/shared/api/account';
import * as messages from '../../../../src/shared/api/messages';
import * as operations from '../../../../src/shared/api/operations';
import type { CallDef } from '../../../../src/shared/api/define';
import { CONTACT_SUBJECT } from '../../../../src/shared/constants';
import { postMessage } from '../../../../src/server/messages/messages';
import { describeEachDatabase } from '../../helpers/databases';
import {
  countRows,
  createUser,
  GOOD_PASSWORD,
  loggedInUser,
  newInvite,
  readOutbox,
  signupBody,
  type TestUser,
} from '../../helpers/factories';
import { buildTestServer, PUBLIC_URL, useTestServer, type TestServer } from '../../helpers/test-server';

const calls = Object.values({ ...access, ...account, ...messages, ...operations }).filter(
  (v): v is CallDef & typeof v => typeof v === 'object' && v !== null && 'path' in v && 'method' in v,
);
/** Every call that needs a session; ping is public but answers 401 itself. */
const userCalls = calls.filter((c) => !c.public || c === access.ping);

const JSON_HEADERS = { 'content-type': 'application/json' };

describeEachDatabase('calls without a session', (dialect) => {
  const server = useTestServer(dialect);

  it.each(userCalls.map((c) => [`${c.method} ${c.path}`, c] as const))('%s answers 401', async (_name, call) => {
    const res = await server().inject({
      method: call.method,
      url: call.path,
      ...(call.method === 'POST' ? { payload: '{}', headers: JSON_HEADERS } : {}),
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: expect.any(String) });
  });

  it('answers 401 to a session cookie of a deleted user', async () => {
    const user = await loggedInUser(server());
    await server().db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await server().call(account.getAccount, undefined, { cookie: user.cookie })).status).toBe(401);
  });
});

describeEachDatabase('cross-site requests', (dialect) => {
  const server = useTestServer(dialect);

  const crossSite: [string, Record<string, string>][] = [
    ['an Origin of another site', { origin: 'http://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ];

  // Each header on its own: call() sends the other one as our own page would.
  it.each(crossSite)('refuses an account change with %s and changes nothing', async (_what, headers) => {
    const user = await loggedInUser(server(), { name: 'Original Name' });
    const res = await server().call(account.saveAccount, { name: 'Hijacked' }, { cookie: user.cookie, headers });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Cross-site requests are not allowed.' });
    const row = await server().db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Original Name');
  });

  it.each(crossSite)('refuses a login with %s and starts no session', async (_what, headers) => {
    const user = await createUser(server());
    const res = await server().inject({
      method: 'POST',
      url: access.login.path,
      payload: { username: user.email, password: user.password },
      headers: { ...JSON_HEADERS, ...headers },
    });
    expect(res.status).toBe(403);
    expect(await countRows(server(), 'sessions')).toBe(0);
  });

  it('refuses a cross-site sign-up and a cross-site logout', async () => {
    const user = await loggedInUser(server());
    const invite = await newInvite(server());
    const evil = { ...JSON_HEADERS, origin: 'http://evil.example' };
    const signup = await server().inject({ method: 'POST', url: access.signup.path, payload: signupBody(invite), headers: evil });
    expect(signup.status).toBe(403);
    expect(await countRows(server(), 'users')).toBe(1);
    const logout = await server().inject({ method: 'POST', url: access.logout.path, payload: '{}', headers: evil, cookie: user.cookie });
    expect(logout.status).toBe(403);
    expect((await server().call(access.ping, undefined, { cookie: user.cookie })).status).toBe(200);
  });

  it('accepts our own origin, and clients that send neither header', async () => {
    const user = await loggedInUser(server());
    const own = await server().call(account.saveAccount, { name: 'Own Origin' }, { cookie: user.cookie, headers: { origin: PUBLIC_URL } });
    expect(own.status).toBe(200);
    const bare = await server().inject({
      method: 'POST',
      url: account.saveAccount.path,
      payload: { name: 'No Headers' },
      headers: JSON_HEADERS,
      cookie: user.cookie,
    });
    expect(bare.status).toBe(200);
  });
});

describeEachDatabase('request bodies', (dialect) => {
  const server = useTestServer(dialect);

  it('answers 415 to a text/plain body and changes nothing', async () => {
    const user = await loggedInUser(server(), { name: 'Plain Name' });
    const res = await server().inject({
      method: 'POST',
      url: account.saveAccount.path,
      payload: JSON.stringify({ name: 'Changed' }),
      headers: { 'content-type': 'text/plain' },
      cookie: user.cookie,
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, error: expect.stringContaining('JSON') });
    const row = await server().db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Plain Name');
  });

  it('answers 415 to a form post', async () => {
    const res = await server().inject({
      method: 'POST',
      url: access.login.path,
      payload: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('answers 400 with a message to malformed JSON', async () => {
    const res = await server().inject({
      method: 'POST',
      url: access.login.path,
      payload: '{"username": "a@b.example", ',
      headers: JSON_HEADERS,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'The request body is not valid JSON.' });
  });

  it('answers 400 naming the field when a field has the wrong type', async () => {
    const res = await server().inject({
      method: 'POST',
      url: access.login.path,
      payload: { username: 42, password: 'x' },
      headers: JSON_HEADERS,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/^username: /) });
  });

  it('treats an empty JSON body as {} for calls without fields', async () => {
    const user = await loggedInUser(server());
    const res = await server().inject({ method: 'POST', url: access.ping.path, payload: '', headers: JSON_HEADERS, cookie: user.cookie });
    expect(res.status).toBe(200);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const res = await server().inject({
      method: 'POST',
      url: access.contactForm.path,
      payload: JSON.stringify({ subject: CONTACT_SUBJECT, contactMethod: 'a@b.example', message: 'x'.repeat(1024 * 1024) }),
      headers: JSON_HEADERS,
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: 'The request is too large.' });
  });

  it.each([
    ['GET', '/api/no-such-call'],
    ['POST', '/api/no-such-call'],
    ['GET', '/api/login'],
  ] as const)('answers %s %s with a JSON 404', async (method, url) => {
    const res = await server().inject({ method, url, ...(method === 'POST' ? { payload: '{}', headers: JSON_HEADERS } : {}) });
    expect(res.status).toBe(404);
    expect(res.raw.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ success: false, error: `There is no ${method} ${url}.` });
  });
});

/** A valid body for each POST call; the fuzzer spoils one field at a time. */
function sampleBodies(inviteCode: string, messageId: number): [CallDef, Record<string, unknown>, Record<string, string>?][] {
  return [
    [access.login, { username: 'someone@example.com', password: 'pass-word-1' }],
    [access.signup, { ...signupBody(inviteCode) }],
    [access.contactForm, { subject: CONTACT_SUBJECT, contactMethod: 'someone@example.com', message: 'Hello' }],
    [access.userValidate, { code: 'some-code' }],
    [access.recoverPassword, { email: 'someone@example.com' }],
    [access.resetPasswordPrecheck, { username: 'someone@example.com', code: 'some-code' }, { precheck: 'yes' }],
    [access.resetPassword, { username: 'someone@example.com', code: 'some-code', password: 'pass-word-2' }],
    [messages.answerMessage, { type: 'MESSAGE', id: messageId, response: 'ok' }],
    [messages.answerMessage, { type: 'TERMS', acceptTerms: true, acceptedTo: 1 }],
    [account.saveAccount, { name: 'Fuzzy Name', phone: '', currentPassword: '', newPassword: '', coverage: '' }],
    [access.ping, {}],
  ];
}

const WRONG_VALUES: [string, unknown][] = [
  ['a number', 12345],
  ['a negative fraction', -1.5],
  ['an id beyond 32 bits', 2 ** 40],
  ['the largest safe integer', Number.MAX_SAFE_INTEGER],
  ['an array', ['a', 'b']],
  ['an object', { nested: true }],
  ['null', null],
  ['true', true],
  ['a numeric string', '42'],
  ['a huge string', 'x'.repeat(200_000)],
  ['a string with a NUL character', 'a\u0000b@example.com'],
  ['a string of emoji', '🏠'.repeat(300)],
  ['an SQL fragment', "' OR 1=1; --"],
];

const WRONG_BODIES: [string, string][] = [
  ['a JSON number', '42'],
  ['a JSON string', '"hello"'],
  ['a JSON array', '[{"username":"a"}]'],
  ['JSON null', 'null'],
  ['a prototype-polluting object', '{"__proto__": {"admin": true}, "username": "a", "password": "b"}'],
];

describeEachDatabase('bad input never causes a 500', (dialect) => {
  let server: TestServer;
  let user: TestUser & { cookie: string };
  let inviteCode: string;
  let messageId: number;
  let address = 0;

  beforeAll(async () => {
    server = await buildTestServer({ dialect });
    user = await loggedInUser(server);
    inviteCode = await newInvite(server);
    messageId = await postMessage(server.db, 'A message', '<p>Hi</p>', [{ label: 'OK', value: 'ok' }]);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Each request from its own address, so the per-address rate limits never hide a handler from the fuzzer. */
  const send = (call: CallDef, payload: string, query?: Record<string, string>) =>
    server.inject({
      method: 'POST',
      url: `${call.path}${query ? `?${new URLSearchParams(query)}` : ''}`,
      payload,
      headers: JSON_HEADERS,
      cookie: user.cookie,
      remoteAddress: `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    });

  const expectClientError = (res: { status: number; body: unknown }, what: string) => {
    if (res.status >= 500) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
    expect(res.body).toEqual(expect.objectContaining({ success: res.status < 400 }));
    if (res.status >= 400) expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
  };

  it('answers every POST call with a client error when a field has the wrong type or size', async () => {
    for (const [call, sample, query] of sampleBodies(inviteCode, messageId)) {
      for (const field of Object.keys(sample)) {
        for (const [what, value] of WRONG_VALUES) {
          const res = await send(call, JSON.stringify({ ...sample, [field]: value }), query);
          expectClientError(res, `${call.path} with ${field} as ${what}`);
        }
      }
    }
    // Nothing the fuzzer sent may have ended the user's session or changed their password.
    expect((await server.call(access.ping, undefined, { cookie: user.cookie })).status).toBe(200);
  }, 60_000);

  it('answers every POST call with a client error when the body is not an object', async () => {
    for (const [call, , query] of sampleBodies(inviteCode, messageId)) {
      for (const [what, payload] of WRONG_BODIES) expectClientError(await send(call, payload, query), `${call.path} with ${what}`);
    }
  });

  it('answers GET calls with strange queries and cookies without a 500', async () => {
    const cookies = [user.cookie, 'epcplus_sid=%E0%A4%A', `epcplus_sid=${'a'.repeat(5000)}`, 'epcplus_sid=a\tb', 'epcplus_sid='];
    for (const call of calls.filter((c) => c.method === 'GET')) {
      for (const cookie of cookies) {
        for (const query of ['', '?a[]=1&a[]=2', '?mode=%00', `?x=${'y'.repeat(5000)}`]) {
          const res = await server.inject({ method: 'GET', url: `${call.path}${query}`, cookie });
          expectClientError(res, `GET ${call.path}${query} with cookie ${cookie.slice(0, 30)}`);
        }
      }
    }
  });
});

describeEachDatabase('the log', (dialect) => {
  it('never contains a password, a session token or an emailed code', async () => {
    let log = '';
    const server = await buildTestServer({ dialect, log: { level: 'trace', stream: { write: (line: string) => void (log += line) } } });
    try {
      const secrets: string[] = [];
      const password = 'first-Secret-pass-1';
      const body = signupBody(await newInvite(server), { password, passwordConfirm: password });
      expect((await server.call(access.signup, body)).status).toBe(200);
      const [confirm] = await readOutbox(server);
      const confirmCode = confirm.text.match(/\/confirm\/(\S+)/)![1];
      secrets.push(password, confirmCode);

      // What a browser does with the emailed link: open the page, which posts the code.
      await server.inject({ method: 'GET', url: `/confirm/${confirmCode}` });
      expect((await server.call(access.userValidate, { code: confirmCode })).status).toBe(200);

      await server.call(access.login, { username: body.email, password: 'a-Wrong-guess-9' });
      secrets.push('a-Wrong-guess-9');
      const login = await server.call(access.login, { username: body.email, password });
      const cookie = login.raw.cookies.find((c) => c.name === 'epcplus_sid')!;
      secrets.push(cookie.value);

      const changed = 'second-Secret-pass-2';
      secrets.push(changed);
      const save = await server.call(
        account.saveAccount,
        { name: body.name, currentPassword: password, newPassword: changed },
        { cookie: `epcplus_sid=${cookie.value}` },
      );
      expect(save.status).toBe(200);

      expect((await server.call(access.recoverPassword, { email: body.email })).status).toBe(200);
      const reset = (await readOutbox(server)).pop()!;
      const [, username, resetCode] = reset.text.match(/\/resetpassword\/([^/\s]+)\/(\S+)/)!;
      secrets.push(resetCode);
      await server.inject({ method: 'GET', url: `/resetpassword/${username}/${resetCode}` });
      expect(
        (
          await server.call(
            access.resetPasswordPrecheck,
            { username: decodeURIComponent(username), code: resetCode },
            { query: { precheck: 'yes' } },
          )
        ).status,
      ).toBe(200);
      const third = 'third-Secret-pass-3';
      secrets.push(third);
      expect(
        (await server.call(access.resetPassword, { username: decodeURIComponent(username), code: resetCode, password: third })).status,
      ).toBe(200);

      // A body that fails to parse is not echoed either.
      await server.inject({
        method: 'POST',
        url: access.login.path,
        payload: `{"username":"${body.email}","password":"${third}"`,
        headers: JSON_HEADERS,
      });

      expect(log).toContain('request completed');
      expect(log).toContain('/api/login');
      for (const secret of secrets) expect(log).not.toContain(secret);
      expect(log).not.toContain(GOOD_PASSWORD);
    } finally {
      await server.close();
    }
  });
});
