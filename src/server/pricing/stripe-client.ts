import Stripe from 'stripe';
import type { Config, StripeConfig } from '../platform/config/config';

/** Card payment needs both keys: the secret one for the server, the publishable one for the card form. */
export function cardPaymentsConfigured(config: Pick<Config, 'stripe'>): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.publishableKey);
}

/**
 * The official Stripe SDK, or null when card payment is not set up. STRIPE_API_BASE points it at
 * another address (the tests' local stand-in); unset, it talks to Stripe itself.
 */
export function createStripeClient(config: StripeConfig): Stripe | null {
  if (!config.secretKey || !config.publishableKey) return null;
  const base = config.apiBase;
  return new Stripe(config.secretKey, {
    typescript: true,
    // Network retries send the same idempotency key again, so a retried create is still one payment.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'EPCplus' },
    ...(base
      ? {
          host: base.hostname,
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
          ...(base.port ? { port: Number(base.port) } : {}),
        }
      : {}),
  });
}

export type { Stripe };
