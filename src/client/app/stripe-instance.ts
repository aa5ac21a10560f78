import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * One Stripe object per publishable key for the page's life, as Stripe advises: made outside
 * render, so a render React throws away, or a second card form, does not make another. Imported
 * only by the card forms' own chunks, so no other page downloads Stripe.js.
 */
const stripeByKey = new Map<string, ReturnType<typeof loadStripe>>();

export function stripeFor(publishableKey: string): ReturnType<typeof loadStripe> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}
