import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage, PHONE, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, logIn, readyReportViaApi } from './helpers/accounts';

const FIXTURE = resolve(__dirname, '../fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');

const journey = useJourney();

/** The confirmation as a person sees it: in the polite live region, on the page they landed on. */
async function noticeSays(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).waitFor();
  expect(await page.getByRole('status').filter({ hasText: text }).getAttribute('aria-live')).toBe('polite');
}

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('on a %s, every save and delete says so, after the redirect the spec asks for', async (size, options) => {
  const account = await confirmedAssessor(journey.app, { email: `confirm-${size}@example.co.uk` });
  await readyReportViaApi(journey.app, account, readFileSync(FIXTURE));
  const { page, context } = await newPage(journey.browser, options);
  await logIn(page, journey.app, account);

  await step(page, `${size}-branding`, async () => {
    await page.goto(`${journey.app.url}/branding/new`);
    await page.getByLabel('Company name').fill('Confirm Energy');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${journey.app.url}/settings`);
    await noticeSays(page, 'Branding saved');
    await page.getByRole('button', { name: 'Delete Confirm Energy' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await noticeSays(page, 'Branding deleted');
  });

  await step(page, `${size}-template`, async () => {
    const box = page.getByLabel('Email to your customers');
    // A new user starts from the default text, which has the link in it.
    expect(await box.inputValue()).toContain('(LINK)');
    await box.fill('Your report is ready.');
    await page.getByText('Your email has no (LINK): the owner will not get the report link.').waitFor();
    await box.fill('Your report is ready: (LINK)');
    await page.getByRole('button', { name: 'Save' }).last().click();
    await page.waitForURL(`${journey.app.url}/home`);
    await noticeSays(page, 'Email template saved');
  });

  await step(page, `${size}-account`, async () => {
    await page.goto(`${journey.app.url}/account`);
    await page.getByLabel('Phone').fill('01632 960123');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${journey.app.url}/home`);
    await noticeSays(page, 'Your details were saved');
  });

  await step(page, `${size}-reports`, async () => {
    await page.goto(`${journey.app.url}/reports`);
    await page.getByRole('button', { name: /^Delete the report/ }).click();
    await page
      .getByRole('dialog')
      .getByText(/The link you shared with the owner stops working/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await noticeSays(page, 'Report deleted');
    await page.goto(`${journey.app.url}/deleted`);
    // A fresh page load: the notice of the last page is gone.
    await page.getByRole('button', { name: /^Undelete/ }).waitFor();
    expect(await page.getByText('Report deleted').count()).toBe(0);
    await page.getByRole('button', { name: /^Undelete/ }).click();
    await noticeSays(page, 'Report restored');
  });
  await context.close();
});
