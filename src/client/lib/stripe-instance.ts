import { useCallback, useEffect, useState } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

/**
 * How long a card form waits for Stripe.js before saying it could not load. A content blocker or
 * a company filter refuses it at once; a weak signal may never finish, so the page does not wait
 * for ever: past this it says so and offers another way (a late arrival still shows the form).
 */
export const STRIPE_JS_WAIT_MS = 8_000;

/**
 * One Stripe object per publishable key for the page's life, as Stripe advises: made outside
 * render, so a render React throws away, or a second card form, does not make another. Imported
 * only by the card forms' own chunks, so no other page downloads Stripe.js. A load that failed is
 * forgotten, so "Try again" loads it afresh (@stripe/stripe-js/pure forgets its own failed load
 * too, and puts a new script tag in: https://github.com/stripe/stripe-js#loadstripe).
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    const loading = loadStripe(publishableKey).then((loaded) => {
      if (!loaded) throw new Error('Stripe.js is not available in this browser');
      return loaded;
    });
    loading.catch(() => {
      if (stripeByKey.get(publishableKey) === loading) stripeByKey.delete(publishableKey);
    });
    stripe = loading;
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export type StripeJs = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' };

/**
 * Stripe.js for a card form: 'loading', then 'ready' with the Stripe object, or 'failed' when it
 * was refused or has not come within STRIPE_JS_WAIT_MS. retry() asks for it again.
 */
export function useStripeJs(publishableKey: string): StripeJs & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // What the latest attempt came to; an attempt not yet answered is 'loading'.
  const [outcome, setOutcome] = useState<{ attempt: number; key: string; stripeJs: StripeJs } | null>(null);
  useEffect(() => {
    let current = true;
    const settle = (stripeJs: StripeJs) => {
      if (current) setOutcome({ attempt, key: publishableKey, stripeJs });
    };
    const late = window.setTimeout(() => settle({ state: 'failed' }), STRIPE_JS_WAIT_MS);
    stripeFor(publishableKey).then(
      // Also when it arrives after the page gave up on it: the form shows after all.
      (stripe) => {
        window.clearTimeout(late);
        if (stripe) settle({ state: 'ready', stripe });
      },
      () => {
        window.clearTimeout(late);
        settle({ state: 'failed' });
      },
    );
    return () => {
      current = false;
      window.clearTimeout(late);
    };
  }, [publishableKey, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const answered = outcome && outcome.attempt === attempt && outcome.key === publishableKey ? outcome.stripeJs : null;
  return { ...(answered ?? { state: 'loading' }), retry };
}
