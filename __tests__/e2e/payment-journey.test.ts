import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { DECLINED_CARD } from '../support/stripe-stand-in';
import { newPage, PHONE, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, logIn, readyReportViaApi } from './helpers/accounts';
import { premiumReportToPayment } from './helpers/reports';
import { routeStripe } from './helpers/stripe';

const FIXTURE = resolve(__dirname, '../fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
const GOOD_CARD = '4242 4242 4242 4242';

const journey = useJourney({ stripe: true });

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

test('an owner on a phone buys the Premium report on the link: a refused card first, then paid and confirmed, and the assessor sees the fee arrive', async () => {
  const assessor = await confirmedAssessor(journey.app);
  const { shareUrl } = await readyReportViaApi(journey.app, assessor, readFileSync(FIXTURE));
  // The assessor has My Earnings open meanwhile, in a browser of their own.
  const desk = await newPage(journey.browser);
  await step(desk.page, 'earnings-before', async () => {
    await logIn(desk.page, journey.app, assessor);
    await desk.page.getByRole('link', { name: 'My Earnings' }).click();
    await desk.page.getByRole('heading', { name: 'You have not earned a referral fee yet' }).waitFor();
  });
  const { page, context } = await newPage(journey.browser, PHONE);
  await routeStripe(context, journey.standIn);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));

  await step(page, 'owner-pays', async () => {
    await page.goto(shareUrl);
    await page.getByRole('heading', { name: 'Your Free Report Is Ready!' }).waitFor();
    expect(scripts.some((s) => s.startsWith('https://js.stripe.com'))).toBe(false);
    await page.getByRole('link', { name: 'Buy your Premium Report online' }).click();
    await page.getByRole('heading', { name: 'Buy your Premium Report' }).waitFor();
    await page.getByText('Cost: £149.00').waitFor();
    expect(scripts.some((s) => s.startsWith('https://js.stripe.com'))).toBe(true);

    await page.getByLabel('Email').fill('olive.owner@example.co.uk');
    await page.getByRole('radio', { name: /Reach EPC band C/ }).check();
    await page.getByLabel('Full name').fill('Olive Owner');
    await page.getByLabel('Address line 1').fill('1 Main Street');
    await page.getByLabel('Town or city').fill('Cardiff');
    await page.getByLabel('Postcode').fill('CF10 1AB');
    await fillCard(page, DECLINED_CARD);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();

    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/paymentComplete/);
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    await page.getByText('Receipt sent to olive.owner@example.co.uk').waitFor();
    // The payment's secret does not stay in the address bar or the history.
    expect(new URL(page.url()).search).toBe('');
  });

  const mails = await journey.app.waitForOutbox(
    (all) =>
      all.some((m) => m.to === 'olive.owner@example.co.uk') && all.some((m) => m.to === assessor.email && /pending\/\d+/.test(m.text)),
  );
  expect(mails.filter((m) => m.to === 'olive.owner@example.co.uk')).toHaveLength(1);

  // The fee arrives on the open page by push, without a reload.
  await step(desk.page, 'earnings-after', async () => {
    const lifetime = desk.page.locator('.earnings-figure').filter({ hasText: 'Lifetime earnings' });
    await lifetime.getByText('£25.00').waitFor();
    await desk.page.getByRole('heading', { name: 'Month by month' }).waitFor();
  });
  await desk.context.close();

  await step(page, 'owner-already-bought', async () => {
    await page.goto(`${shareUrl}/paynow`);
    await page.getByRole('heading', { name: 'Your Premium Report is on its way' }).waitFor();
    await expect(page.getByRole('button', { name: 'Pay now' }).count()).resolves.toBe(0);
  });
  await context.close();
});

test('an assessor with no credits pays by card in the wizard and lands on Edit Premium Report', async () => {
  const assessor = await confirmedAssessor(journey.app);
  const { page, context } = await newPage(journey.browser);
  await routeStripe(context, journey.standIn);
  await step(page, 'assessor-pays-by-card', async () => {
    await logIn(page, journey.app, assessor);
    await premiumReportToPayment(page, { xmlFile: FIXTURE });
    // No credits: straight to the card form, at the trade price.
    await page.getByText('Pay £49 by card.').waitFor();
    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay now' }).click();
    // Confirmed by Stripe's webhook to the server, then by push to this page.
    await page.getByRole('link', { name: 'Edit Premium Report' }).click();
    await page.waitForURL(/\/pending\/\d+$/);
  });
  await context.close();
});

test('an assessor with a free credit buys a Premium report with it', async () => {
  const assessor = await confirmedAssessor(journey.app);
  journey.app.cli('credits', 'grant', assessor.email, '1');
  const { page, context } = await newPage(journey.browser);
  await step(page, 'assessor-pays-by-credit', async () => {
    await logIn(page, journey.app, assessor);
    await premiumReportToPayment(page, { xmlFile: FIXTURE });
    await page.getByText('You have 1 free premium credit.').waitFor();
    await page.getByRole('button', { name: 'Use one of my free premium credits' }).click();
    await page.getByRole('link', { name: 'Edit Premium Report' }).click();
    await page.waitForURL(/\/pending\/\d+$/);
    // The credit is spent: the Pending entry appears in the menu with its count.
    await page.getByRole('link', { name: /Pending/ }).waitFor();
  });
  await context.close();
});
