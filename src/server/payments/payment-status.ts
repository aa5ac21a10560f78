import type { z } from 'zod';
import type Stripe from 'stripe';
import type * as payments from '../../shared/api/payments';
import { PREMIUM_DELIVERY } from '../../shared/constants';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../platform/http/http-error';
import { safeEqual } from '../platform/security/tokens';
import { findReport } from '../reports/repos/reports';
import { fulfilPayment } from './fulfilment';
import { REFUND_ARRIVES } from './emails';
import { findPurchaseByIntent, type PurchaseRow } from './repos/purchases';
import { callStripe, CARD_PAYMENT_NOT_SET_UP, isMissingObject } from './stripe-errors';
import { BUYER, PURCHASE_STATUS } from '../../shared/states';
import { PAYMENT_NOT_FOUND } from './owner-checkout';

type CheckBody = z.output<typeof payments.checkPaymentStatus.request>;
type CheckResult = z.input<typeof payments.paymentCheckResult>;

/** Stripe's ids: a prefix and letters, digits and underscores. Anything else is not worth asking Stripe about. */
const INTENT_ID = /^pi_\w{1,200}$/;

function resultFor(intent: Stripe.PaymentIntent, reportName: string, purchase: PurchaseRow): CheckResult {
  const { email } = purchase;
  const assessorBought = purchase.buyer === BUYER.assessor;
  const base = { report_name: reportName, email };
  // Paid, then given back (fulfilment.ts says why in failure_message): the intent still reads succeeded.
  if (purchase.status === PURCHASE_STATUS.refunded)
    return {
      ...base,
      paid: false,
      short: 'Payment refunded',
      long: `${purchase.failure_message ? `${purchase.failure_message} ` : ''}Your payment is refunded in full: ${REFUND_ARRIVES}.`,
    };
  if (intent.status === 'succeeded')
    return {
      ...base,
      paid: true,
      short: 'Payment received',
      long: assessorBought
        ? `Thank you. Your Premium Report for ${reportName} is ready for you to finalise.`
        : `Thank you. Your Premium Report for ${reportName} will be with you ${PREMIUM_DELIVERY}.${email ? ` We have emailed your receipt to ${email}.` : ''}`,
    };
  if (intent.status === 'processing')
    return {
      ...base,
      paid: false,
      short: 'Payment processing',
      long: `Your bank is still confirming the payment. ${email ? `We will email you at ${email} as soon as it completes.` : 'Please check back shortly.'}`,
    };
  return {
    ...base,
    paid: false,
    short: 'Payment not completed',
    long: `Your card has not been charged.${intent.last_payment_error?.message ? ` ${intent.last_payment_error.message}` : ''} Please go back and try again.`,
  };
}

/**
 * Where Stripe sends the buyer back: the server asks Stripe itself (never trusting the address's
 * redirect_status), checks the client secret belongs to that intent, and fulfils a paid one at
 * once, through the same idempotent function as the webhook.
 */
export async function checkPaymentStatus(deps: Deps, body: CheckBody): Promise<CheckResult> {
  const stripe = deps.stripe;
  if (!stripe) throw badRequest(CARD_PAYMENT_NOT_SET_UP);
  if (!INTENT_ID.test(body.payment_intent)) throw notFound(PAYMENT_NOT_FOUND);
  const intent = await callStripe(deps.log, 'retrieve payment', async () => {
    try {
      return await stripe.paymentIntents.retrieve(body.payment_intent);
    } catch (err) {
      if (isMissingObject(err)) throw notFound(PAYMENT_NOT_FOUND);
      throw err;
    }
  });
  // The secret proves the caller is the one who paid; a wrong one gets the same answer as a missing intent.
  if (!intent.client_secret || !safeEqual(intent.client_secret, body.payment_intent_client_secret)) throw notFound(PAYMENT_NOT_FOUND);
  const purchase = await findPurchaseByIntent(deps.db, intent.id);
  if (!purchase) throw notFound(PAYMENT_NOT_FOUND);
  if (intent.status === 'succeeded') {
    const { outcome, reason } = await fulfilPayment(deps, intent);
    if (outcome === 'refused') {
      deps.log.error({ paymentIntent: intent.id, reason }, 'payment check found a payment that does not match its purchase');
      throw badRequest('This payment does not match the report it was for. Please contact support; you will not be charged twice.');
    }
  }
  const latest = (await findPurchaseByIntent(deps.db, intent.id)) ?? purchase;
  const report = latest.report_id === null ? undefined : await findReport(deps.db, latest.report_id);
  return resultFor(intent, report?.name ?? '', latest);
}
