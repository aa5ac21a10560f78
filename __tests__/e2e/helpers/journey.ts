import type { Browser } from 'playwright-core';
import { startStripeStandIn, type StripeStandIn } from '../../support/stripe-stand-in';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import { deliverWebhooksTo, stripeEnvFor } from './stripe';

/** What a journey file's tests share: the app as `npm start` runs it, and a browser. */
interface Journey {
  app: AppServer;
  browser: Browser;
}

/** The Premium report's prices as the operator sets them: £49 to an assessor, £149 to an owner, £25 referral, £149 to sell. */
const PRICES = ['--trade', '4900', '--owner', '14900', '--referral', '2500', '--sell', '14900'];

/**
 * Starts the journey before the file's first test and stops it after its last; its fields are
 * filled in then, so read them inside tests and hooks. `env` adds to the server's environment.
 * With `stripe`, card payment is on against the Stripe stand-in, which delivers its events to the
 * app's webhook, and the Premium report is on sale.
 */
export function useJourney(options?: { env?: Record<string, string> }): Journey;
export function useJourney(options: { stripe: true; env?: Record<string, string> }): Journey & { standIn: StripeStandIn };
export function useJourney({ stripe = false, env = {} }: { stripe?: boolean; env?: Record<string, string> } = {}): Journey & {
  standIn?: StripeStandIn;
} {
  const journey = {} as Journey & { standIn?: StripeStandIn };
  beforeAll(async () => {
    if (stripe) journey.standIn = await startStripeStandIn();
    journey.browser = await launchBrowser();
    journey.app = await startAppServer({ ...(journey.standIn ? stripeEnvFor(journey.standIn) : {}), ...env });
    if (journey.standIn) {
      deliverWebhooksTo(journey.standIn, journey.app);
      journey.app.cli('prices', 'set', ...PRICES);
    }
  }, 120_000);
  afterAll(async () => {
    await journey.browser?.close();
    await journey.app?.stop();
    await journey.standIn?.close();
  });
  return journey;
}
