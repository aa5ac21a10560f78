import type { Page } from 'playwright-core';
import type { AppServer } from './app-server';
import * as uploads from '../../../src/shared/api/uploads';
import * as reports from '../../../src/shared/api/reports';
import type { CallDef, RequestOf, ResponseOf } from '../../../src/shared/api/define';
import { REPORT_STATUS } from '../../../src/shared/states';
import { createReportRequest } from '../../support/report-requests';

export interface Account {
  email: string;
  password: string;
  name: string;
}

async function post(app: AppServer, path: string, body: unknown) {
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

/** An assessor signed up with an invite from the CLI and confirmed through the emailed link. */
export async function confirmedAssessor(app: AppServer, who: Partial<Account> & { scheme?: string } = {}): Promise<Account> {
  const account = {
    email: who.email ?? `assessor-${Date.now()}@example.co.uk`,
    password: who.password ?? 'survey-pass-1',
    name: who.name ?? 'Sam Surveyor',
  };
  const inviteCode = app.cli('invite', 'create').trim();
  await post(app, '/api/user', {
    inviteCode,
    email: account.email,
    name: account.name,
    role: 'surveyor',
    scheme: who.scheme ?? 'stroma',
    password: account.password,
    passwordConfirm: account.password,
    termsAgree: true,
  });
  const mails = await app.waitForOutbox((all) => all.some((m) => m.to === account.email));
  const code = mails.find((m) => m.to === account.email)?.text.match(/\/confirm\/([A-Za-z0-9_-]+)/)?.[1];
  if (!code) throw new Error('no confirmation email');
  await post(app, '/api/uservalidate', { code });
  return account;
}

export async function logIn(page: Page, app: AppServer, account: Account): Promise<void> {
  await page.goto(app.url);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${app.url}/home`);
}

/** The session cookie ('name=value') of a login through the API. */
export async function sessionCookie(app: AppServer, account: Account): Promise<string> {
  const login = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0];
}

/** A Preliminary report made through the API as the web app makes it, once its PDF is ready. */
export async function readyReportViaApi(app: AppServer, account: Account, xml: Buffer): Promise<{ reportId: number; shareUrl: string }> {
  const headers = { 'content-type': 'application/json', origin: app.url };
  const cookie = await sessionCookie(app, account);
  const call = async <C extends CallDef>(def: C, body?: RequestOf<C>, query = ''): Promise<ResponseOf<C>> => {
    const path = `${def.path}${query}`;
    const res = await fetch(`${app.url}${path}`, {
      method: def.method,
      headers: { ...headers, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return def.response.parse(await res.json()) as ResponseOf<C>;
  };
  const start = await call(uploads.upload, { extension: 'xml' });
  await fetch(`${app.url}${start.upload_to}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', origin: app.url, cookie },
    body: new Uint8Array(xml),
  });
  await call(uploads.uploadFollowup, { filename: start.filename, which_one: 'A' });
  const created = await call(reports.createReport, createReportRequest(start.filename, { manualCTaxBand: 'D' }));
  for (let i = 0; i < 100; i++) {
    const list = await call(reports.reportsList, undefined, '?mode=preliminary');
    if (list.reports_list.some((r) => r.report_id === created.report_id && r.status === REPORT_STATUS.ready)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { reportId: created.report_id, shareUrl: created.share_url };
}
