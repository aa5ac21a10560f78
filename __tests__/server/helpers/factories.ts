import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as access from '../../../src/shared/api/access';
import type { RequestOf } from '../../../src/shared/api/define';
import type { Role } from '../../../src/shared/constants';
import { SESSION_COOKIE } from '../../../src/server/platform/http/sessions';
import { createInvites } from '../../../src/server/access/repos/invites';
import { formatInviteCode } from '../../../src/shared/rules/invite-code';
import type { ApiResponse, TestServer } from './test-server';
import { ok } from './answers';

export type SignupRequest = RequestOf<typeof access.signup>;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  name: string;
  role: Role;
}

/** An email the server wrote to DATA_DIR/outbox. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export const GOOD_PASSWORD = 'correct-horse-7';

let serial = 0;
/** A unique address per call, so users of one test never collide. */
export const uniqueEmail = (label = 'user') => `${label}-${process.pid}-${++serial}@example.com`;

/** A complete, valid sign-up body; the invite code still has to come from the server's database. */
export function signupBody(inviteCode: string, overrides: Partial<SignupRequest> = {}): SignupRequest {
  return {
    inviteCode: formatInviteCode(inviteCode),
    email: uniqueEmail(),
    phone: '01234 567890',
    name: 'Alex Assessor',
    role: 'surveyor',
    scheme: 'elmhurst',
    password: GOOD_PASSWORD,
    passwordConfirm: overrides.password ?? GOOD_PASSWORD,
    termsAgree: true,
    newsletterOptIn: false,
    ...overrides,
  };
}

export async function newInvite(server: TestServer): Promise<string> {
  const [code] = await createInvites(server.db, 1);
  return code;
}

/** Every email the server has sent so far, oldest first, once the email queue has sent what is due. */
export async function readOutbox(server: TestServer): Promise<OutboxMail[]> {
  await server.app.deps.jobs.drain();
  const dir = join(server.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names.filter((n) => n.endsWith('.json')).sort();
  return Promise.all(files.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxMail));
}

/** The newest email to an address whose text contains a link matching the pattern; the pattern's first group is returned. */
export async function linkFromOutbox(server: TestServer, to: string, pattern: RegExp): Promise<string> {
  const mails = (await readOutbox(server)).filter((m) => m.to === to).reverse();
  for (const mail of mails) {
    const match = mail.text.match(pattern);
    if (match) return match[1];
  }
  throw new Error(`No email to ${to} with a link matching ${pattern}`);
}

export const CONFIRM_LINK = /\/confirm\/([A-Za-z0-9_-]+)/;
export const RESET_LINK = /\/resetpassword\/([^/\s]+\/[A-Za-z0-9_-]+)/;

/** The assessors tests sign up: a scheme that needs no file B, and Elmhurst's, which does. */
export const STROMA_ASSESSOR = { role: 'surveyor', scheme: 'stroma' } as const;
export const ELMHURST_ASSESSOR = { role: 'surveyor', scheme: 'elmhurst' } as const;

export interface UserOverrides extends Partial<Omit<SignupRequest, 'inviteCode'>> {
  /** Leave the email unconfirmed (the confirmation link unused). */
  confirmed?: boolean;
}

/** A user signed up through the API with a fresh invite and, unless told otherwise, confirmed through the emailed link. */
export async function createUser(server: TestServer, overrides: UserOverrides = {}): Promise<TestUser> {
  const { confirmed = true, ...fields } = overrides;
  const body = signupBody(await newInvite(server), fields);
  ok(await server.call(access.signup, body));
  const email = body.email.trim().toLowerCase();
  if (confirmed) {
    const code = await linkFromOutbox(server, email, CONFIRM_LINK);
    ok(await server.call(access.userValidate, { code }));
  }
  const row = await server.db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirstOrThrow();
  return { id: row.id, email, password: body.password, name: body.name, role: body.role as Role };
}

/** The `name=value` session cookie a response set, or null when it set none (or cleared it). */
export function sessionCookieOf(res: ApiResponse<unknown>): string | null {
  const c = res.raw.cookies.find((x) => x.name === SESSION_COOKIE);
  return c && c.value ? `${c.name}=${c.value}` : null;
}

/** Logs in through the API and returns the session cookie to send with later calls. */
export async function loginAs(server: TestServer, email: string, password: string): Promise<string> {
  const res = await server.call(access.login, { username: email, password });
  ok(res);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('login set no session cookie');
  return cookie;
}

/** A confirmed user and a session of theirs. */
export async function loggedInUser(server: TestServer, overrides: UserOverrides = {}): Promise<TestUser & { cookie: string }> {
  const user = await createUser(server, overrides);
  return { ...user, cookie: await loginAs(server, user.email, user.password) };
}

export async function countRows(
  server: TestServer,
  table:
    | 'users'
    | 'sessions'
    | 'contact_requests'
    | 'message_responses'
    | 'password_resets'
    | 'invite_codes'
    | 'login_failures'
    | 'address_login_failures'
    | 'address_locks'
    | 'uploads'
    | 'reports',
): Promise<number> {
  const { n } = await server.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
