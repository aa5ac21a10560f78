import type Stripe from 'stripe';
import type { Deps } from '../deps';
import { inTransaction } from '../platform/db/database';
import { defineScheduledJob } from '../platform/jobs/define';
import { deleteReportInStatus, findReport } from '../reports/repos/reports';
import { removeUnusedSurveyFiles } from '../reports/purge-deleted';
import { BUYER, REPORT_STATUS } from '../../shared/states';
import { fulfilPayment } from './fulfilment';
import { deletePurchase, openCardPurchasesBefore, type PurchaseRow } from './repos/purchases';
import { isMissingObject } from './stripe-errors';

const HOUR_MS = 3600_000;
/** A card form left for a day will not be paid: the wizard and the owner's page finish in minutes. */
export const ABANDONED_CHECKOUT_AGE_MS = 24 * HOUR_MS;
export const SWEEP_ABANDONED_CHECKOUTS = defineScheduledJob('sweep_abandoned_checkouts');

/** Stripe refuses to cancel an intent in any other status; 'processing' is a payment under way and is left to finish. */
const CANCELABLE: ReadonlySet<Stripe.PaymentIntent.Status> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

export interface SweepResult {
  /** Paid after all (a webhook that never arrived): fulfilled now. */
  fulfilled: number;
  /** Cancelled at Stripe and removed here: the waiting report and its purchase. */
  abandoned: number;
  /** Left for the next sweep: a payment still processing, or Stripe not answering. */
  kept: number;
}

/** The purchase, and for an assessor's card purchase the report that waited for it, go; survey files no other report uses go too. */
async function forget(deps: Deps, purchase: PurchaseRow): Promise<void> {
  const waitingReportId = purchase.buyer === BUYER.assessor ? purchase.report_id : null;
  const report = waitingReportId === null ? undefined : await findReport(deps.db, waitingReportId);
  const removed = await inTransaction(deps.db, async (tx) => {
    await deletePurchase(tx, purchase.id);
    // Only a report still waiting for this payment: one that became Pending meanwhile is the assessor's.
    return waitingReportId !== null && (await deleteReportInStatus(tx, waitingReportId, REPORT_STATUS.awaitingPayment));
  });
  if (removed && report) await removeUnusedSurveyFiles(deps, report);
}

/**
 * Card checkouts started over a day ago and never paid: each intent is asked about at Stripe.
 * One that was paid is fulfilled (its webhook was lost); one that can still be paid is cancelled
 * first, so no card can be charged for a report that is then removed; then the waiting report
 * (an assessor's) and the purchase go, so abandoned checkouts do not pile up.
 */
export async function sweepAbandonedCheckouts(deps: Deps, now = Date.now()): Promise<SweepResult> {
  const result: SweepResult = { fulfilled: 0, abandoned: 0, kept: 0 };
  const stripe = deps.stripe;
  for (const purchase of await openCardPurchasesBefore(deps.db, now - ABANDONED_CHECKOUT_AGE_MS)) {
    if (!purchase.payment_intent_id) {
      // The intent was never made (Stripe failed during checkout): nothing can be paid.
      await forget(deps, purchase);
      result.abandoned++;
      continue;
    }
    if (!stripe) {
      result.kept++;
      continue;
    }
    try {
      let intent = await stripe.paymentIntents.retrieve(purchase.payment_intent_id);
      if (CANCELABLE.has(intent.status)) {
        try {
          intent = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
        } catch (err) {
          // Paid between the two calls: Stripe refuses the cancel, and the payment is fulfilled below.
          deps.log.warn({ err, paymentIntent: intent.id }, 'could not cancel an abandoned payment; looking again');
          intent = await stripe.paymentIntents.retrieve(intent.id);
        }
      }
      if (intent.status === 'succeeded') {
        if ((await fulfilPayment(deps, intent)).outcome === 'fulfilled') result.fulfilled++;
        else result.kept++;
      } else if (intent.status === 'canceled') {
        await forget(deps, purchase);
        result.abandoned++;
      } else result.kept++;
    } catch (err) {
      if (isMissingObject(err)) {
        await forget(deps, purchase);
        result.abandoned++;
      } else {
        deps.log.error({ err, purchase: purchase.id }, 'abandoned checkout sweep: Stripe did not answer; trying again tomorrow');
        result.kept++;
      }
    }
  }
  if (result.fulfilled || result.abandoned) deps.log.info(result, 'abandoned card checkouts swept');
  return result;
}
