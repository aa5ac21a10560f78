import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import * as payments from '../../shared/api/payments';
import type { FieldError } from '../../shared/api/define';
import { EMAIL_MAX, NAME_MAX, PREMIUM_DELIVERY, PRIORITIES } from '../../shared/constants';
import { isEmail } from '../../shared/rules/signup';
import { BUYER, PAYMENT_METHOD, PURCHASE_STATUS, REPORT_TYPE } from '../../shared/states';
import type { Deps } from '../deps';
import { badRequest, HttpError } from '../platform/http/http-error';
import { reportForLink } from '../reports/report-links';
import { figuresOfReport } from '../reports/report-figures';
import { premiumOnOffer } from '../../shared/rules/premium-offer';
import { canFinalise, fulfilPayment } from './fulfilment';
import { findUserById } from '../access/repos/users';
import { getPrices, ownerCost, STRIPE_MINIMUM_PENCE, type Prices } from '../pricing/prices';
import { inTransaction } from '../platform/db/database';
import { idempotent, linkScope } from '../platform/http/idempotency';
import type { ReportRow } from '../reports/repos/reports';
import {
  deleteOpenPurchase,
  findPurchase,
  insertPurchase,
  holdReportForPayment,
  ownerPaidPurchaseOf,
  openOwnerPurchase,
  updatePurchase,
  type PurchaseRow,
} from './repos/purchases';
import { callStripe, CARD_PAYMENT_NOT_SET_UP, idempotencyKeyOf } from './stripe-errors';
import type Stripe from 'stripe';

export const CURRENCY = 'gbp';

export const ALREADY_BOUGHT = `A Premium Report has already been bought for this property. It will be with you ${PREMIUM_DELIVERY}.`;
export const NOT_ON_SALE = 'Premium Reports are not on sale at the moment. Please ask your assessor.';
export const NOTHING_TO_IMPROVE =
  "This home's survey recommends no improvement that adds to its rating, so there is no Premium plan to sell for it. An assessor's visit can update its EPC instead.";
const FIX_PROBLEMS = 'Please fix problems above.';
export const PAYMENT_NOT_FOUND = 'That payment was not found. Please reload the page and try again.';
const PAYMENT_UNDER_WAY =
  'A payment for this report is being processed. Please wait a minute, then reload the page to see whether it went through.';

/** An intent that a card can still pay: the card form is given its secret. */
const PAYABLE: ReadonlySet<Stripe.PaymentIntent.Status> = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
/** Stripe cancels an intent only in these statuses ('processing' is a payment under way). */
const CANCELABLE: ReadonlySet<Stripe.PaymentIntent.Status> = new Set([...PAYABLE, 'requires_capture']);
/** Starts of a payment in one request: a replaced intent, then a new one; more means Stripe keeps changing under us. */
const MAX_TRIES = 3;

function stripeOf(deps: Deps): Stripe {
  if (!deps.stripe || !deps.config.stripe.publishableKey) throw badRequest(CARD_PAYMENT_NOT_SET_UP);
  return deps.stripe;
}

/** Asks Stripe for the purchase's PaymentIntent: one per purchase, whoever asks and however often. */
async function intentFor(deps: Deps, stripe: Stripe, purchase: PurchaseRow, reportName: string): Promise<Stripe.PaymentIntent> {
  if (purchase.payment_intent_id)
    return callStripe(deps.log, 'retrieve payment', () => stripe.paymentIntents.retrieve(purchase.payment_intent_id!));
  const intent = await callStripe(deps.log, 'create payment', () =>
    stripe.paymentIntents.create(
      {
        amount: purchase.amount_pence,
        currency: purchase.currency,
        automatic_payment_methods: { enabled: true },
        description: `Premium Report: ${reportName}`.slice(0, 500),
        metadata: { purchase_id: String(purchase.id), report_id: String(purchase.report_id), buyer: purchase.buyer },
      },
      // The purchase is recorded first, so every browser that finds it, and a retry after a lost answer, gets the same intent back.
      { idempotencyKey: idempotencyKeyOf(deps, purchase) },
    ),
  );
  await updatePurchase(deps.db, purchase.id, { payment_intent_id: intent.id });
  return intent;
}

/**
 * The report's one open owner purchase, made now at the price in force when there is none. Made
 * with the report held (holdReportForPayment), so browsers starting at once share it.
 */
function openPurchaseFor(deps: Deps, report: ReportRow, prices: Prices, cost: ReturnType<typeof ownerCost>): Promise<PurchaseRow> {
  return inTransaction(deps.db, async (tx) => {
    await holdReportForPayment(tx, report.id);
    const open = await openOwnerPurchase(tx, report.id);
    if (open) return open;
    const id = await insertPurchase(tx, {
      report_id: report.id,
      premium_report_id: null,
      assessor_id: report.user_id,
      buyer: BUYER.owner,
      method: PAYMENT_METHOD.card,
      status: PURCHASE_STATUS.awaitingPayment,
      price_id: prices.id,
      amount_pence: cost.amount,
      currency: CURRENCY,
      full_price_pence: cost.full,
      discount_pence: cost.discount,
      discount_code: cost.code,
      referral_pence: prices.referralPence,
      payment_intent_id: null,
      owner_session_hash: null,
      created_at: Date.now(),
      paid_at: null,
      refunded_at: null,
    });
    return (await findPurchase(tx, id))!;
  });
}

/**
 * A purchase whose intent cannot be paid as it stands (cancelled, or for a price no longer in
 * force) goes, its intent cancelled first so no card can pay it; one that turns out paid or under
 * way stays, and the next look finds it so.
 */
async function retire(deps: Deps, stripe: Stripe, purchase: PurchaseRow, intent: Stripe.PaymentIntent): Promise<void> {
  let status = intent.status;
  if (CANCELABLE.has(status)) {
    try {
      status = (await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' })).status;
    } catch (err) {
      // Cancelled by another browser meanwhile, or paid: Stripe refuses, and its status now says which.
      deps.log.warn({ err, paymentIntent: intent.id }, 'could not cancel a replaced owner payment; looking again');
      status = (await callStripe(deps.log, 'retrieve payment', () => stripe.paymentIntents.retrieve(intent.id))).status;
    }
  }
  if (status === 'canceled') await deleteOpenPurchase(deps.db, purchase.id);
}

type LoadBody = z.output<typeof payments.prepaymentLoad.request>;
type OwnerCost = Pick<
  z.input<typeof payments.prepaymentLoad.response>,
  'cost_amount' | 'cost_currency' | 'full_price_amount' | 'discount_amount' | 'discount_code'
>;

/** Whether the report's Premium can be sold to its owner now, and at what price; refused with a sentence otherwise. */
async function ownerSale(deps: Deps, report: ReportRow): Promise<{ prices: Prices; cost: ReturnType<typeof ownerCost> }> {
  if (await ownerPaidPurchaseOf(deps.db, report.id)) throw new HttpError(409, ALREADY_BOUGHT);
  // An assessor who can no longer use the app could not finalise it: nothing is sold on their links.
  if (!canFinalise(await findUserById(deps.db, report.user_id))) throw new HttpError(409, NOT_ON_SALE);
  if (!premiumOnOffer(figuresOfReport(report).measures)) throw new HttpError(409, NOTHING_TO_IMPROVE);
  const prices = await getPrices(deps.db);
  const cost = ownerCost(prices);
  if (prices.id === null || cost.amount < STRIPE_MINIMUM_PENCE) throw new HttpError(409, NOT_ON_SALE);
  return { prices, cost };
}

const costAnswer = (cost: ReturnType<typeof ownerCost>): OwnerCost => ({
  cost_amount: cost.amount,
  cost_currency: CURRENCY,
  full_price_amount: cost.full,
  discount_amount: cost.discount,
  discount_code: cost.code,
});

/**
 * Stage 'load': what the owner's card form needs to show, for the owner price in force, and no
 * more: no purchase and no PaymentIntent are made until the owner pays (startOwnerPayment), so a
 * page opened and left leaves nothing behind. The request's Idempotency-Key is the link's.
 */
export async function loadOwnerPayment(
  deps: Deps,
  body: LoadBody,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<z.input<typeof payments.prepaymentLoad.response>> {
  stripeOf(deps);
  const report = await reportForLink(deps, body.report_path, { type: REPORT_TYPE.preliminary });
  return idempotent(deps.db, request, reply, { call: payments.prepaymentLoad, scope: linkScope(report.id), body }, async () => {
    const { cost } = await ownerSale(deps, report);
    return { success: true as const, pk: deps.config.stripe.publishableKey!, ...costAnswer(cost) };
  });
}

/**
 * The report's one open owner payment, made when first asked for: every browser holding the link,
 * and a second try after a refused card, gets the same intent, so no number of tries can use up
 * the report's payments and refuse the owner.
 */
async function ownerPayment(
  deps: Deps,
  stripe: Stripe,
  report: ReportRow,
): Promise<{ purchase: PurchaseRow; intent: Stripe.PaymentIntent }> {
  const { prices, cost } = await ownerSale(deps, report);
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const purchase = await openPurchaseFor(deps, report, prices, cost);
    const intent = await intentFor(deps, stripe, purchase, report.name);
    // Reused only while the price is the one it was started at; a price change starts a new purchase at the new price.
    const current = purchase.price_id === prices.id && purchase.amount_pence === cost.amount && intent.amount === purchase.amount_pence;
    if (PAYABLE.has(intent.status) && current) return { purchase, intent };
    if (intent.status === 'processing') throw new HttpError(409, PAYMENT_UNDER_WAY);
    if (intent.status === 'succeeded') {
      // Paid, its webhook not here yet: fulfilled now, as the owner's return would.
      await fulfilPayment(deps, intent);
      throw new HttpError(409, ALREADY_BOUGHT);
    }
    await retire(deps, stripe, purchase, intent);
  }
  throw new HttpError(409, PAYMENT_UNDER_WAY);
}

type PreStripeBody = z.output<typeof payments.prepaymentPreStripe.request>;

/** The owner's details, each problem keyed by the field it belongs beside. */
function ownerDetailProblems(body: Pick<PreStripeBody, 'company' | 'email' | 'priority'>): FieldError[] {
  const errors: FieldError[] = [];
  const email = body.email.trim();
  if (!email) errors.push({ key: 'email', error: 'Please enter your email address, so we can send your receipt and report.' });
  else if (email.length > EMAIL_MAX || !isEmail(email)) errors.push({ key: 'email', error: 'Please enter a valid email address.' });
  if (body.company.trim().length > NAME_MAX)
    errors.push({ key: 'company', error: `Company name must be ${NAME_MAX} characters or fewer.` });
  if (!(PRIORITIES as readonly string[]).includes(body.priority))
    errors.push({ key: 'priority', error: 'Please choose what matters most to you.' });
  return errors;
}

/**
 * Stage 'preStripe', when the owner presses Pay: checks their details (a 400 naming each field,
 * nothing made), then makes or reuses the report's one open payment, keeps the details on it and
 * answers its client secret for the card form to confirm.
 */
export async function startOwnerPayment(deps: Deps, body: PreStripeBody): Promise<z.input<typeof payments.prepaymentPreStripe.response>> {
  const stripe = stripeOf(deps);
  const report = await reportForLink(deps, body.report_path, { type: REPORT_TYPE.preliminary });
  const problems = ownerDetailProblems(body);
  if (problems.length) throw badRequest(FIX_PROBLEMS, problems);
  const { purchase, intent } = await ownerPayment(deps, stripe, report);
  await updatePurchase(deps.db, purchase.id, {
    email: body.email.trim(),
    company: body.company.trim(),
    priority: body.priority,
  });
  return {
    success: true as const,
    pi_secret: intent.client_secret!,
    pi_id: intent.id,
    cost_amount: purchase.amount_pence,
    cost_currency: purchase.currency,
    full_price_amount: purchase.full_price_pence,
    discount_amount: purchase.discount_pence,
    discount_code: purchase.discount_code,
  };
}
