import type { Deps } from '../deps';
import { SWEEP_ABANDONED_CHECKOUTS, sweepAbandonedCheckouts } from './abandoned-checkouts';
import { REFUND_PAYMENT, refundPayment } from './refunds';

/**
 * Stripe may be away for a while: a refund is tried for a few hours (2 s, 4 s, … doubling) before
 * the operator is left to make it by hand, told so in the log.
 */
const REFUND_ATTEMPTS = 13;

export async function registerJobs(deps: Deps): Promise<void> {
  deps.jobs.handle(
    REFUND_PAYMENT,
    ({ purchase_id }) => refundPayment(deps, purchase_id),
    ({ purchase_id }, err) =>
      deps.log.error(
        { err, purchase: purchase_id },
        'a payment owed back could not be refunded at Stripe: refund it by hand from the dashboard',
      ),
    { maxAttempts: REFUND_ATTEMPTS },
  );
  await deps.jobs.daily(SWEEP_ABANDONED_CHECKOUTS, () => sweepAbandonedCheckouts(deps));
}
