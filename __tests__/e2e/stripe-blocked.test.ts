import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { newPage, PHONE, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, readyReportViaApi } from './helpers/accounts';
import { routeStripe } from './helpers/stripe';

const FIXTURE = resolve(__dirname, '../fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
const STRIPE_JS = 'https://js.stripe.com/**';
const DID_NOT_LOAD = 'The card form could not load. This can happen with a content blocker, a company network or a weak signal.';

const journey = useJourney({ stripe: true });

test('an owner on a phone whose browser blocks Stripe.js is told so, can try again, sees the assessor, and no payment is made', async () => {
  const assessor = await confirmedAssessor(journey.app, { name: 'Jane Hargreaves' });
  const { shareUrl } = await readyReportViaApi(journey.app, assessor, readFileSync(FIXTURE));
  const { page, context } = await newPage(journey.browser, PHONE);
  // A content blocker: every request for Stripe.js is refused.
  const blocker = (route: { abort: () => Promise<void> }) => route.abort();
  await context.route(STRIPE_JS, blocker);

  await step(page, 'stripe-blocked', async () => {
    await page.goto(`${shareUrl}/paynow`);
    await page.getByRole('heading', { name: 'Buy your Premium Report' }).waitFor();
    await page.getByRole('alert').filter({ hasText: DID_NOT_LOAD }).waitFor();
    await page.getByText('Cost: £149.00').waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Pay now' }).count()).resolves.toBe(0);
    // The other way to buy: the assessor, by name and email.
    await page.getByText(/buy the Premium Report from your assessor, Jane Hargreaves/).waitFor();
    await expect(page.getByRole('link', { name: assessor.email }).getAttribute('href')).resolves.toBe(`mailto:${assessor.email}`);
  });

  await step(page, 'stripe-retried', async () => {
    // The blocker is switched off; Stripe.js (its stand-in) now arrives.
    await context.unroute(STRIPE_JS, blocker);
    await routeStripe(context, journey.standIn);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Card number').waitFor();
    await page.getByText('Cost: £149.00').waitFor();
    await expect(page.getByRole('button', { name: 'Pay now' }).isEnabled()).resolves.toBe(true);
    await expect(page.getByText(DID_NOT_LOAD).count()).resolves.toBe(0);
  });

  // The visit did not pay: Stripe was never asked for a payment.
  expect(journey.standIn.requests().filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')).toEqual([]);
  expect(journey.standIn.paymentIntents()).toEqual([]);
  await context.close();
});
