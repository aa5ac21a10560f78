import type { BrowserContext } from 'playwright-core';
import type { StripeStandIn } from '../../support/stripe-stand-in';
import { STRIPE_WEBHOOK_PATH } from '../../../src/server/payments/routes';
import type { AppServer } from './app-server';
import { stripeJsStandIn } from './stripe-js-stand-in';

/** The server's environment for card payment against the API stand-in. */
export const stripeEnvFor = (standIn: StripeStandIn): Record<string, string> => ({
  STRIPE_SECRET_KEY: standIn.secretKey,
  STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
  STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
  STRIPE_API_BASE: standIn.url,
});

/** Stripe sends its events to the server's webhook, as the dashboard's endpoint would. */
export const deliverWebhooksTo = (standIn: StripeStandIn, app: AppServer) => standIn.deliverEventsTo(`${app.url}${STRIPE_WEBHOOK_PATH}`);

/**
 * The browser reaches "Stripe" through request routes: the Stripe.js stand-in for the script, and
 * the API stand-in for the calls Stripe.js makes. The page's own Content-Security-Policy still
 * applies, so a policy that blocked Stripe would fail the journey.
 */
export async function routeStripe(context: BrowserContext, standIn: StripeStandIn): Promise<void> {
  const script = `(${stripeJsStandIn.toString()})();`;
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: script }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const res = await fetch(`${standIn.url}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: request.method() === 'GET' ? undefined : (request.postData() ?? ''),
    });
    await route.fulfill({
      status: res.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await res.text(),
    });
  });
}
