import Stripe from 'stripe';
import { HttpError } from '../platform/http/http-error';
import type { Deps } from '../deps';

export const CARD_PAYMENT_NOT_SET_UP = 'Card payment is not set up on this server.';
const CARD_PAYMENT_UNAVAILABLE = 'Card payment is unavailable just now. Please try again in a few minutes.';

/** Stripe's own "no such object": the caller named an intent that does not exist. */
export function isMissingObject(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';
}

/**
 * Runs a call to Stripe; when Stripe cannot be reached or fails, the person sees a plain
 * sentence (502) and the log keeps what Stripe said. Never a 500 with Stripe's words in it.
 */
export async function callStripe<T>(log: { error(obj: object, msg: string): void }, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    log.error({ err, what }, 'Stripe call failed');
    throw new HttpError(502, CARD_PAYMENT_UNAVAILABLE);
  }
}

/**
 * One key per purchase, the same on every retry: Stripe answers a repeated create with the first
 * intent. Keyed by this installation's secret too, since ids restart in another installation (a
 * staging copy, a fresh database) sharing the same Stripe account.
 */
export function idempotencyKeyOf(deps: Pick<Deps, 'hash'>, purchase: { id: number; created_at: number }): string {
  return `purchase-${purchase.id}-${deps.hash(`purchase:${purchase.id}:${purchase.created_at}`).slice(0, 24)}`;
}
