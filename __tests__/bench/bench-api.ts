import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createInvites } from '../../src/server/access/repos/invites';
import type * as uploads from '../../src/shared/api/uploads';
import type * as reports from '../../src/shared/api/reports';
import type { Failure, ResponseOf } from '../../src/shared/api/define';
import { createReportRequest } from '../support/report-requests';

/*
 * An assessor and their reports made through the app's own API, in process (inject), as a
 * browser on the app's page makes them.
 */

/** Where the benches' apps believe they are served from (PUBLIC_URL). */
export const BENCH_PUBLIC_URL = 'http://localhost:3000';
/** A JSON call from the app's own page. */
export const JSON_CALL = { 'content-type': 'application/json', origin: BENCH_PUBLIC_URL };

const PASSWORD = 'bench-pass-1';
const SAMPLE_SURVEY = readFileSync(resolve(__dirname, '../../src/server/data/sample-survey.xml'));

/** Rate limits count per address: a caller of its own, or the one every inject comes from. */
const from = (remoteAddress?: string) => (remoteAddress ? { remoteAddress } : {});

/** An assessor signed up with an invite, their email then confirmed: their id. */
export async function signedUpAssessor(app: FastifyInstance, email: string): Promise<number> {
  const { db } = app.deps;
  const [inviteCode] = await createInvites(db, 1);
  await app.inject({
    method: 'POST',
    url: '/api/user',
    headers: JSON_CALL,
    payload: {
      inviteCode,
      email,
      name: 'Bench',
      role: 'surveyor',
      scheme: 'other',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      termsAgree: true,
    },
  });
  await db.updateTable('users').set({ email_confirmed_at: Date.now() }).where('email', '=', email).execute();
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** The session cookie ('name=value') of the assessor's login. */
export async function logIn(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', headers: JSON_CALL, payload: { username: email, password: PASSWORD } });
  return String(res.headers['set-cookie']).split(';')[0];
}

/** The sample survey uploaded as file A: its key. */
export async function uploadSampleSurvey(app: FastifyInstance, cookie: string, remoteAddress?: string): Promise<string> {
  const headers = { ...JSON_CALL, cookie };
  const start = (
    await app.inject({ method: 'POST', url: '/api/upload', headers, payload: { extension: 'xml' }, ...from(remoteAddress) })
  ).json<ResponseOf<typeof uploads.upload>>();
  await app.inject({
    method: 'PUT',
    url: start.upload_to,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: SAMPLE_SURVEY,
    ...from(remoteAddress),
  });
  return start.filename;
}

/** File A checked, then the report made from it: its id once the create call answers (its PDF is then drawn by a job). */
export async function createReportFrom(app: FastifyInstance, cookie: string, key: string, remoteAddress?: string): Promise<number> {
  const headers = { ...JSON_CALL, cookie };
  await app.inject({
    method: 'POST',
    url: '/api/uploadxmlfollowup',
    headers,
    payload: { filename: key, which_one: 'A' },
    ...from(remoteAddress),
  });
  const res = await app.inject({ method: 'POST', url: '/api/reports', headers, payload: createReportRequest(key), ...from(remoteAddress) });
  const created = res.json<ResponseOf<typeof reports.createReport> | Failure>();
  if (!created.success) throw new Error(`report refused: ${created.error}`);
  return created.report_id;
}
