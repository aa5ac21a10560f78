import type { Page } from 'playwright-core';
import type { AppServer } from './app-server';

export interface Account {
  email: string;
  password: string;
  name: string;
}

async function post(app: AppServer, path: string, body: unknown) {
  const res = await fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

/** An assessor signed up with an invite from the CLI and confirmed through the emailed link. */
export async function confirmedAssessor(app: AppServer, who: Partial<Account> & { scheme?: string } = {}): Promise<Account> {
  const account = { email: who.email ?? `assessor-${Date.now()}@example.co.uk`, password: who.password ?? 'survey-pass-1', name: who.name ?? 'Sam Surveyor' };
  const inviteCode = app.cli('invite', 'create').trim();
  await post(app, '/api/user', { inviteCode, email: account.email, name: account.name, role: 'surveyor', scheme: who.scheme ?? 'stroma', password: account.password, passwordConfirm: account.password, termsAgree: true });
  const code = app.outbox().find((m) => m.to === account.email)?.text.match(/\/confirm\/([A-Za-z0-9_-]+)/)?.[1];
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
