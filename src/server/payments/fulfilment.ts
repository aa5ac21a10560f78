import type Stripe from 'stripe';
import type { Deps } from '../deps';
import { inTransaction, type Db } from '../platform/db/database';
import { randomToken } from '../platform/security/tokens';
import { findUserById } from '../access/repos/users';
import {
  claimPremiumPurchase,
  deleteReportInStatus,
  findReport,
  insertPremiumCopy,
  markPremiumPurchased,
  moveReportStatus,
} from '../reports/repos/reports';
import { BUYER, PURCHASE_STATUS, REPORT_STATUS } from '../../shared/states';
import { isAllowedRole } from '../../shared/constants';
import { findPurchase, findPurchaseByIntent, movePurchase, updatePurchase, type PurchaseRow } from './repos/purchases';
import { recordReferralEntry } from '../earnings/repos/referral-fees';
import { assessorNotice, ownerReceipt, refundNotice } from './emails';
import { REFUND_PAYMENT } from './refunds';
import { removeUnusedSurveyFiles } from '../reports/purge-deleted';
import { emailBrandingOf } from '../brandings/email-branding';
import { shareUrlOf } from '../../shared/links';

type FulfilOutcome =
  /** This call fulfilled it. */
  | 'fulfilled'
  /** An earlier call (or delivery) already had. */
  | 'already'
  /** The intent does not match what was sold, or is not ours, or is not paid: nothing changed. */
  | 'refused'
  /**
   * Paid for what can no longer be sold (the property's Premium report was bought by another
   * payment meanwhile, or its report was erased): the purchase is refunded in full, nothing made.
   */
  | 'refunded';

export interface FulfilResult {
  outcome: FulfilOutcome;
  purchase?: PurchaseRow;
  reason?: string;
}

/** The intent's charge is ours only if it is for exactly what this purchase sold. */
function mismatch(intent: Stripe.PaymentIntent, purchase: PurchaseRow): string | null {
  const received = intent.amount_received || intent.amount;
  if (received !== purchase.amount_pence || intent.amount !== purchase.amount_pence)
    return `amount ${received} is not the ${purchase.amount_pence} sold`;
  if (intent.currency.toLowerCase() !== purchase.currency) return `currency ${intent.currency} is not ${purchase.currency}`;
  // An erased report leaves the purchase without one: the purchase's own id still has to match.
  const reportMatches = purchase.report_id === null || intent.metadata?.report_id === String(purchase.report_id);
  if (intent.metadata?.purchase_id !== String(purchase.id) || !reportMatches)
    return `metadata names purchase ${intent.metadata?.purchase_id} / report ${intent.metadata?.report_id}, not ${purchase.id} / ${purchase.report_id}`;
  return null;
}

/**
 * The one way a card payment becomes a Premium report, called by the verified webhook and by the
 * owner's return to /paymentComplete, whichever comes first. Idempotent by PaymentIntent id: the
 * purchase moves to paid in a conditional UPDATE inside the same transaction as everything the
 * payment buys, so of any number of deliveries, concurrent or not, exactly one fulfils it.
 */
export async function fulfilPayment(deps: Deps, intent: Stripe.PaymentIntent): Promise<FulfilResult> {
  if (intent.status !== 'succeeded') return { outcome: 'refused', reason: `the payment is ${intent.status}` };
  const purchase = await findPurchaseByIntent(deps.db, intent.id);
  if (!purchase) {
    deps.log.warn({ paymentIntent: intent.id }, 'payment for no purchase of ours: ignored');
    return { outcome: 'refused', reason: 'no purchase has this payment' };
  }
  const wrong = mismatch(intent, purchase);
  if (wrong) {
    deps.log.error(
      { paymentIntent: intent.id, purchase: purchase.id, problem: wrong },
      'payment does not match its purchase: not fulfilled',
    );
    return { outcome: 'refused', purchase, reason: wrong };
  }

  const now = Date.now();
  const done = await inTransaction(deps.db, async (tx) => {
    const email = purchase.email || intent.receipt_email || '';
    const won = await movePurchase(tx, purchase.id, [PURCHASE_STATUS.awaitingPayment, PURCHASE_STATUS.failed], PURCHASE_STATUS.paid, {
      paid_at: now,
      email,
      failure_message: '',
    });
    if (!won) return null;
    const paid = { ...purchase, email, status: PURCHASE_STATUS.paid, paid_at: now };
    const report = purchase.report_id === null ? undefined : await findReport(tx, purchase.report_id);
    if (!report) return refundUnsellable(deps, tx, paid, 'Its report was erased before the payment completed.', null, now);

    if (purchase.buyer === BUYER.assessor) {
      // The report was recorded at checkout, waiting for this payment; now it is the assessor's to finalise.
      await moveReportStatus(tx, report.id, REPORT_STATUS.awaitingPayment, REPORT_STATUS.pending, now);
      await updatePurchase(tx, purchase.id, { premium_report_id: report.id });
      return { purchase: { ...paid, premium_report_id: report.id }, premiumReportId: report.id };
    }

    const assessor = await findUserById(tx, purchase.assessor_id);
    if (!canFinalise(assessor))
      return refundUnsellable(deps, tx, paid, 'Your assessor can no longer prepare Premium Reports.', report.name, now);
    // The one owner's payment per report that gets the Premium report: of two paid from two
    // browsers, the second finds the report bought (on PostgreSQL after the first's row lock).
    if (!(await claimPremiumPurchase(tx, report.id)))
      return refundUnsellable(deps, tx, paid, 'A Premium Report had already been bought for this property.', report.name, now);
    const premiumReportId = await insertPremiumCopy(tx, report, randomToken(16), now);
    await updatePurchase(tx, purchase.id, { premium_report_id: premiumReportId });
    if (purchase.referral_pence > 0)
      await recordReferralEntry(tx, {
        userId: purchase.assessor_id,
        purchaseId: purchase.id,
        kind: 'fee',
        amountPence: purchase.referral_pence,
        at: now,
      });
    if (email)
      await deps.mailer.send(
        await ownerReceipt({
          purchase: paid,
          reportName: report.name,
          paymentIntentId: intent.id,
          paidAt: now,
          branding: await emailBrandingOf(deps, tx, report),
          reportUrl: shareUrlOf(deps.config.publicUrl, report),
        }),
        tx,
      );
    await deps.mailer.send(assessorNotice(paid, assessor.email, report.name, premiumReportId, deps.config.publicUrl), tx);
    return { purchase: { ...paid, premium_report_id: premiumReportId }, premiumReportId };
  });
  if (!done) return { outcome: 'already', purchase };
  deps.jobs.kick();
  if (done.premiumReportId === null) {
    deps.log.warn(
      { purchase: purchase.id, paymentIntent: intent.id, reason: done.purchase.failure_message },
      'payment refunded: nothing to sell',
    );
    return { outcome: 'refunded', purchase: done.purchase, reason: done.purchase.failure_message };
  }

  const assessorId = purchase.assessor_id;
  deps.realtime.push(assessorId, 'pendingUpdate', {});
  deps.realtime.push(assessorId, 'reportListUpdate', { report_id: purchase.report_id ?? undefined });
  if (purchase.buyer === BUYER.assessor)
    deps.realtime.push(assessorId, 'premiumReportPaymentComplete', { report_id: done.premiumReportId });
  else deps.realtime.push(assessorId, 'newCommissionPayment', {});
  deps.log.info(
    { purchase: purchase.id, paymentIntent: intent.id, premiumReport: done.premiumReportId },
    'premium report purchase fulfilled',
  );
  return { outcome: 'fulfilled', purchase: done.purchase };
}

/** Whether an assessor can still finalise a Premium report: their account may still use the app. */
export const canFinalise = (assessor: { role: string } | undefined): assessor is { role: string } =>
  assessor !== undefined && isAllowedRole(assessor.role);

/**
 * Inside fulfilment's transaction: the purchase is marked refunded with the reason, the refund is
 * queued (refunds.ts: it reaches Stripe after the commit, retried until it does) and the buyer is
 * told by email why their card is credited back.
 */
async function refundUnsellable(deps: Deps, tx: Db, paid: PurchaseRow, reason: string, reportName: string | null, now: number) {
  await updatePurchase(tx, paid.id, { status: PURCHASE_STATUS.refunded, refunded_at: now, failure_message: reason });
  await deps.jobs.enqueue(REFUND_PAYMENT, { purchase_id: paid.id }, now, tx);
  if (paid.email) {
    // The report may be erased: the assessor's own name and contact head the email then.
    const report = paid.report_id === null ? undefined : await findReport(tx, paid.report_id);
    const branding = await emailBrandingOf(deps, tx, { user_id: paid.assessor_id, branding_id: report?.branding_id ?? null });
    await deps.mailer.send(await refundNotice({ purchase: paid, reportName, reason, branding }), tx);
  }
  return { purchase: { ...paid, status: PURCHASE_STATUS.refunded, refunded_at: now, failure_message: reason }, premiumReportId: null };
}

/** A card refused: recorded on the purchase, which stays open, since the buyer may try another card on the same intent. */
export async function recordPaymentFailure(deps: Deps, intent: Stripe.PaymentIntent): Promise<void> {
  const purchase = await findPurchaseByIntent(deps.db, intent.id);
  if (!purchase) return;
  const message = (intent.last_payment_error?.message ?? 'The card payment failed.').slice(0, 500);
  await movePurchase(deps.db, purchase.id, [PURCHASE_STATUS.awaitingPayment, PURCHASE_STATUS.failed], PURCHASE_STATUS.failed, {
    failure_message: message,
  });
}

/**
 * A refund marks the purchase refunded once. A refund after fulfilment also reverses the
 * assessor's referral fee (a negative entry beside the fee, so their history shows both) and
 * withdraws the Premium report while it is still Pending: nobody pays for it now, so it leaves
 * the assessor's queue (and the owner may buy again). One already finalised stays, delivered.
 */
export async function recordRefund(deps: Deps, charge: Stripe.Charge): Promise<void> {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId || !charge.refunded) return;
  const found = await findPurchaseByIntent(deps.db, intentId);
  if (!found) return;
  const now = Date.now();
  const outcome = await inTransaction(deps.db, async (tx) => {
    const wasPaid = await movePurchase(tx, found.id, [PURCHASE_STATUS.paid], PURCHASE_STATUS.refunded, { refunded_at: now });
    if (!wasPaid) {
      // Refunded before it was fulfilled: it never will be now.
      await movePurchase(tx, found.id, [PURCHASE_STATUS.awaitingPayment, PURCHASE_STATUS.failed], PURCHASE_STATUS.refunded, {
        refunded_at: now,
      });
      return null;
    }
    // As fulfilment left it, read after the move that waited for it.
    const purchase = (await findPurchase(tx, found.id))!;
    const premium = purchase.premium_report_id === null ? undefined : await findReport(tx, purchase.premium_report_id);
    const withdrawn = premium && (await deleteReportInStatus(tx, premium.id, REPORT_STATUS.pending)) ? premium : null;
    if (purchase.buyer === BUYER.owner && purchase.report_id !== null) await markPremiumPurchased(tx, purchase.report_id, false);
    const reversed =
      purchase.buyer === BUYER.owner &&
      purchase.referral_pence > 0 &&
      (await recordReferralEntry(tx, {
        userId: purchase.assessor_id,
        purchaseId: purchase.id,
        kind: 'reversal',
        amountPence: -purchase.referral_pence,
        at: now,
      }));
    return { withdrawn, reversed };
  });
  deps.log.info({ purchase: found.id, paymentIntent: intentId, withdrawn: outcome?.withdrawn?.id }, 'premium report purchase refunded');
  if (!outcome) return;
  if (outcome.withdrawn) {
    await removeUnusedSurveyFiles(deps, outcome.withdrawn);
    deps.realtime.push(found.assessor_id, 'pendingUpdate', {});
    deps.realtime.push(found.assessor_id, 'reportListUpdate', { report_id: outcome.withdrawn.id });
  }
  if (outcome.reversed) deps.realtime.push(found.assessor_id, 'newCommissionPayment', {});
}
