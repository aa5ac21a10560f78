import Stripe from 'stripe';
import { z } from 'zod';
import { rowId } from '../../shared/api/define';
import type { Deps } from '../deps';
import { defineJob } from '../platform/jobs/define';
import { idempotencyKeyOf } from './stripe-errors';
import { findPurchase } from './repos/purchases';

/** The job that gives back a payment nothing can be sold for (fulfilment.ts records why). */
export const REFUND_PAYMENT = defineJob('refund_payment', z.object({ purchase_id: rowId }));

/**
 * Refunds the purchase's payment in full. The idempotency key is the purchase's own, so a retry
 * (a lost answer, a job run again after its process died) never refunds twice.
 */
export async function refundPayment(deps: Deps, purchase_id: number): Promise<void> {
  const purchase = await findPurchase(deps.db, purchase_id);
  if (!purchase?.payment_intent_id) throw new Error(`refund: purchase ${purchase_id} has no payment`);
  if (!deps.stripe) throw new Error('refund: card payment is not set up on this server');
  try {
    const refund = await deps.stripe.refunds.create(
      { payment_intent: purchase.payment_intent_id, metadata: { purchase_id: String(purchase.id) } },
      { idempotencyKey: `refund-${idempotencyKeyOf(deps, purchase)}` },
    );
    deps.log.info({ purchase: purchase.id, refund: refund.id, reason: purchase.failure_message }, 'payment refunded');
  } catch (err) {
    // Refunded already, by the operator in Stripe's dashboard: what this job was for is done.
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') {
      deps.log.info({ purchase: purchase.id }, 'payment was refunded already');
      return;
    }
    throw err;
  }
}
