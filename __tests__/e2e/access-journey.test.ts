import type { Page } from 'playwright-core';
import { newPage, step } from './helpers/browser';
import { useJourney } from './helpers/journey';

const journey = useJourney();

beforeAll(() => {
  journey.app.cli('prices', 'set', '--trade', '4500', '--owner', '9900', '--referral', '1250', '--sell', '9900');
}, 120_000);

const EMAIL = 'ann.assessor@example.co.uk';
const NAME = 'Ann Assessor';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('an invited assessor signs up, confirms, logs in, changes the password and logs out', async () => {
  const invite = journey.app.cli('invite', 'create').trim();
  expect(invite).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  const { page, context } = await newPage(journey.browser);

  await step(page, 'sign-up', async () => {
    const policiesAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/policies');
    await page.goto(`${journey.app.url}/signup`);
    await policiesAnswered;
    await page.getByLabel('Invite code').fill(invite.toUpperCase());
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Full name', { exact: true }).fill(NAME);
    await page.getByLabel('Role').selectOption('surveyor');
    await page.getByLabel('Accreditation scheme').selectOption('elmhurst');
    await page.getByLabel('Password', { exact: true }).fill('first-pass1');
    await page.getByLabel('Confirm password').fill('first-pass1');
    // A fresh installation has published no terms: none to agree to, and no link to an empty page.
    expect(await page.getByRole('checkbox', { name: /terms/i }).count()).toBe(0);
    await page.getByRole('button', { name: /register|sign up/i }).click();
    await page.getByText(EMAIL).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/confirm');
  });

  await step(page, 'confirm-email', async () => {
    const mail = (await journey.app.waitForOutbox((mails) => mails.some((m) => m.to === EMAIL))).find((m) => m.to === EMAIL);
    const link = mail?.text.match(/https?:\/\/\S+\/confirm\/\S+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByText('Thank you for registering with EPCplus! Please login below to begin').waitFor();
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(EMAIL);
  });

  await step(page, 'log-in', async () => {
    await page.getByLabel('Password', { exact: true }).fill('first-pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${journey.app.url}/home`);
    await page
      .getByText(new RegExp(`Good (morning|afternoon|evening),? ${NAME}`))
      .first()
      .waitFor();
    await page.getByText('£45', { exact: true }).first().waitFor();
    await page.getByText('£12.50', { exact: true }).first().waitFor();
    await page.getByText('£99', { exact: true }).first().waitFor();
  });

  await step(page, 'change-password', async () => {
    await page.getByRole('link', { name: 'My Account' }).click();
    await page.getByLabel('Full name', { exact: true }).waitFor();
    await expect(page.getByLabel('Full name', { exact: true }).inputValue()).resolves.toBe(NAME);
    await page.getByLabel('Current password').fill('first-pass1');
    await page.getByLabel('New password', { exact: true }).fill('second-pass2');
    await page.getByLabel('Confirm new password').fill('second-pass2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${journey.app.url}/home`);
  });

  await step(page, 'log-out-and-in-again', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await logIn(page, EMAIL, 'first-pass1');
    await page.getByText('Incorrect email address or password.').waitFor();
    await logIn(page, EMAIL, 'second-pass2');
    await page.waitForURL(`${journey.app.url}/home`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });
  await context.close();
});

test('five wrong passwords show the lockout notice with a link to reset the password', async () => {
  const { page, context } = await newPage(journey.browser);
  await step(page, 'lockout', async () => {
    await page.goto(journey.app.url);
    for (let i = 0; i < 5; i++) {
      await logIn(page, EMAIL, `wrong-guess-${i}`);
      await page.getByRole('button', { name: 'Login' }).and(page.locator(':enabled')).waitFor();
    }
    await page.getByText(/Please wait 30 minutes before trying to login again/).waitFor();
    await page.getByRole('link', { name: 'here' }).click();
    await page.waitForURL(`${journey.app.url}/forgotpassword`);
  });
  await context.close();
});

test('the public pages load none of the logged-in app, socket.io or Stripe', async () => {
  const { page, context } = await newPage(journey.browser);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().includes('/socket.io/')) scripts.push(new URL(r.url()).pathname);
  });
  await step(page, 'public-chunks', async () => {
    for (const path of ['/', '/signup', '/forgotpassword']) {
      await page.goto(`${journey.app.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.filter((s) =>
        /shell|account|getting-started|help|socket|stripe|create-report|report-list|deleted-reports|settings|branding/i.test(s),
      ),
    ).toEqual([]);
  });
  await context.close();
});
