import * as access from '../../src/shared/api/access';
import type { Failure } from '../../src/shared/api/define';
import { describeEachDatabase } from './helpers/databases';
import {
  CONFIRM_LINK,
  countRows,
  createUser,
  linkFromOutbox,
  newInvite,
  readOutbox,
  signupBody,
  type SignupRequest,
} from './helpers/factories';
import { PUBLIC_URL, useTestServer } from './helpers/test-server';
import { refused } from './helpers/answers';

const keysOf = (body: unknown) => ((body as Failure).errors ?? []).map((e) => e.key);

describeEachDatabase('sign-up', (dialect) => {
  const server = useTestServer(dialect);

  it('creates an unconfirmed user and emails a /confirm/{code} link', async () => {
    const invite = await newInvite(server());
    const body = signupBody(invite, { email: 'New.Assessor@Example.com', name: 'New Assessor', newsletterOptIn: true });
    const res = await server().call(access.signup, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, email: 'new.assessor@example.com' });

    const user = await server()
      .db.selectFrom('users')
      .selectAll()
      .where('email', '=', 'new.assessor@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      name: 'New Assessor',
      role: 'surveyor',
      scheme: 'elmhurst',
      phone: '01234 567890',
      newsletter_opt_in: 1,
      email_confirmed_at: null,
    });
    expect(user.password_hash).not.toContain(body.password);

    const [mail] = await readOutbox(server());
    expect(mail.to).toBe('new.assessor@example.com');
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/confirm/[A-Za-z0-9_-]{20,}`));
  });

  it('marks the invite code used by the new user', async () => {
    const invite = await newInvite(server());
    const res = await server().call(access.signup, signupBody(invite));
    expect(res.status).toBe(200);
    const row = await server().db.selectFrom('invite_codes').selectAll().where('code', '=', invite).executeTakeFirstOrThrow();
    const user = await server().db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    expect(row.used_by).toBe(user.id);
    expect(row.used_at).not.toBeNull();
  });

  it('accepts an invite code only once', async () => {
    const invite = await newInvite(server());
    expect((await server().call(access.signup, signupBody(invite))).status).toBe(200);
    const again = await server().call(access.signup, signupBody(invite));
    expect(again.status).toBe(400);
    expect(keysOf(again.body)).toEqual(['inviteCode']);
    expect(await countRows(server(), 'users')).toBe(1);
  });

  it('accepts the invite code with or without dashes, in any case', async () => {
    const first = await newInvite(server());
    const second = await newInvite(server());
    const dashed = `${first.slice(0, 5)}-${first.slice(5)}`.toUpperCase();
    expect((await server().call(access.signup, signupBody(first, { inviteCode: dashed }))).status).toBe(200);
    expect((await server().call(access.signup, signupBody(second, { inviteCode: ` ${second.toUpperCase()} ` }))).status).toBe(200);
    expect(await countRows(server(), 'users')).toBe(2);
  });

  const fieldCases: [string, keyof SignupRequest, Partial<SignupRequest>][] = [
    ['a missing invite code', 'inviteCode', { inviteCode: '' }],
    ['an invite code that does not exist', 'inviteCode', { inviteCode: 'zzzzz-zzzzz' }],
    ['a missing email', 'email', { email: '' }],
    ['an email without a domain', 'email', { email: 'someone@' }],
    ['a phone number with letters', 'phone', { phone: 'call me maybe' }],
    ['a blank name', 'name', { name: '   ' }],
    ['a role the app does not have', 'role', { role: 'admin' }],
    ['a surveyor without a scheme', 'scheme', { role: 'surveyor', scheme: '' }],
    ['a scheme not on the list', 'scheme', { role: 'ra', scheme: 'acme' }],
    ['a password shorter than 8 characters', 'password', { password: 'abc123', passwordConfirm: 'abc123' }],
    ['a password of letters only', 'password', { password: 'lettersonly', passwordConfirm: 'lettersonly' }],
    ['a confirmation that differs', 'passwordConfirm', { passwordConfirm: 'something-else-1' }],
    ['terms not agreed', 'termsAgree', { termsAgree: false }],
  ];

  it.each(fieldCases)('answers 400 keyed to the field for %s and writes nothing', async (_what, key, overrides) => {
    const invite = await newInvite(server());
    const usersBefore = await countRows(server(), 'users');
    const res = await server().call(access.signup, signupBody(invite, overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Please correct the issues above' });
    expect(keysOf(res.body)).toEqual([key]);
    expect(refused(res).errors![0].error).toEqual(expect.any(String));
    expect(await countRows(server(), 'users')).toBe(usersBefore);
    expect(await readOutbox(server())).toEqual([]);
    const row = await server().db.selectFrom('invite_codes').select('used_at').where('code', '=', invite).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('keys every problem of a blank form to its field', async () => {
    const res = await server().call(access.signup, {
      inviteCode: '',
      email: '',
      phone: '',
      name: '',
      role: '',
      scheme: '',
      password: '',
      passwordConfirm: 'x',
      termsAgree: false,
    });
    expect(res.status).toBe(400);
    expect(keysOf(res.body).sort()).toEqual(['email', 'inviteCode', 'name', 'password', 'passwordConfirm', 'role', 'termsAgree'].sort());
    expect(await countRows(server(), 'users')).toBe(0);
  });

  it('asks for a scheme only from surveyors and retrofit assessors', async () => {
    const agent = await server().call(access.signup, signupBody(await newInvite(server()), { role: 'estate agent', scheme: '' }));
    expect(agent.status).toBe(200);
    const agentWithScheme = await server().call(
      access.signup,
      signupBody(await newInvite(server()), { role: 'estate agent', scheme: 'stroma' }),
    );
    expect(agentWithScheme.status).toBe(200);
    const schemes = await server().db.selectFrom('users').select('scheme').execute();
    expect(schemes.map((r) => r.scheme)).toEqual([null, null]);

    const ra = await server().call(access.signup, signupBody(await newInvite(server()), { role: 'ra', scheme: '' }));
    expect(ra.status).toBe(400);
    expect(keysOf(ra.body)).toEqual(['scheme']);
    const raWithScheme = await server().call(access.signup, signupBody(await newInvite(server()), { role: 'ra', scheme: 'qudos' }));
    expect(raWithScheme.status).toBe(200);
  });

  it('accepts sign-up without a phone number', async () => {
    const body: SignupRequest = signupBody(await newInvite(server()));
    delete body.phone;
    expect((await server().call(access.signup, body)).status).toBe(200);
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const existing = await createUser(server());
    const invite = await newInvite(server());
    const res = await server().call(access.signup, signupBody(invite, { email: existing.email.toUpperCase() }));
    expect(res.status).toBe(400);
    expect(keysOf(res.body)).toEqual(['email']);
    expect(await countRows(server(), 'users')).toBe(1);
    const row = await server().db.selectFrom('invite_codes').select('used_at').where('code', '=', invite).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });
});

describeEachDatabase('email validation (uservalidate)', (dialect) => {
  const server = useTestServer(dialect);

  it('confirms the email once with the emailed code and answers the username', async () => {
    const user = await createUser(server(), { confirmed: false });
    const code = await linkFromOutbox(server(), user.email, CONFIRM_LINK);
    const res = await server().call(access.userValidate, { code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, display_username: user.email });
    const row = await server().db.selectFrom('users').select(['email_confirmed_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).not.toBeNull();
    expect((await server().call(access.login, { username: user.email, password: user.password })).status).toBe(200);
  });

  it('refuses a code that was already used, saying the email is confirmed', async () => {
    const user = await createUser(server(), { confirmed: false });
    const code = await linkFromOutbox(server(), user.email, CONFIRM_LINK);
    expect((await server().call(access.userValidate, { code })).status).toBe(200);
    const again = await server().call(access.userValidate, { code });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, error: expect.stringMatching(/already confirmed/) });
  });

  it('refuses a made-up code and confirms nobody', async () => {
    const user = await createUser(server(), { confirmed: false });
    const res = await server().call(access.userValidate, { code: 'not-a-real-code' });
    expect(res.status).toBe(400);
    const row = await server().db.selectFrom('users').select('email_confirmed_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).toBeNull();
  });

  it('answers 400 for a blank code', async () => {
    expect((await server().call(access.userValidate, { code: '' })).status).toBe(400);
  });
});
