import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type * as shared from '../../shared/api/shared-reports';
import type { FieldError } from '../../shared/api/define';
import { EMAIL_MAX, NAME_MAX, PREMIUM_DELIVERY, PRIORITIES } from '../../shared/constants';
import { isEmail } from '../../shared/rules/signup';
import { BUYER, PAYMENT_METHOD, PURCHASE_STATUS, REPORT_TYPE } from '../../shared/states';
import type { Deps } from '../deps';
import { badRequest, HttpError, notFound } from '../http/http-error';
import { randomToken } from '../security/tokens';
import { reportForLink } from '../sharing/shared-reports';
import { canFinalise } from './fulfilment';
import { findUserById } from '../access/repos/users';
import { getPrices, ownerCost } from './prices';
import {
  countOpenOwnerPurchasesSince,
  findPurchase,
  findPurchaseByIntent,
  insertPurchase,
  isReportBought,
  openOwnerPurchase,
  updatePurchase,
  type PurchaseRow,
} from './repos/purchases';
import { callStripe, CARD_PAYMENT_NOT_SET_UP, idempotencyKeyOf } from './stripe-errors';
import type Stripe from 'stripe';

/**
 * The owner's browser, to Stripe: an opaque token in its own cookie (owners have no account), so
 * reloading the payment page reuses the payment already started rather than starting another.
 */
const OWNER_COOKIE = 'epc_owner_checkout';
const OWNER_COOKIE_MAX_AGE_S = 24 * 3600;
/** Stripe's smallest charge in pounds is 30p: below it there is nothing to sell by card. */
const STRIPE_MINIMUM_PENCE = 30;
export const CURRENCY = 'gbp';

export const ALREADY_BOUGHT = `A Premium Report has already been bought for this property. It will be with you ${PREMIUM_DELIVERY}.`;
export const NOT_ON_SALE = 'Premium Reports are not on sale at the moment. Please ask your assessor.';
export const FIX_PROBLEMS = 'Please fix problems above.';
export const PAYMENT_NOT_FOUND = 'That payment was not found. Please reload the page and try again.';
/**
 * Payments started for one report in a day from browsers without one already (each is a purchase
 * and a PaymentIntent at Stripe): an owner's phone, laptop and a partner's, many times over.
 */
export const NEW_OWNER_PAYMENTS_PER_REPORT_PER_DAY = 10;
export const TOO_MANY_PAYMENTS = 'Too many payments have been started for this report today. Please try again tomorrow.';
const DAY_MS = 24 * 3600_000;

function ownerToken(deps: Deps, request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[OWNER_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{20,64}$/.test(existing)) return existing;
  const token = randomToken(24);
  reply.setCookie(OWNER_COOKIE, token, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicUrl.startsWith('https:'),
    maxAge: OWNER_COOKIE_MAX_AGE_S,
  });
  return token;
}

function stripeOf(deps: Deps): Stripe {
  if (!deps.stripe || !deps.config.stripe.publishableKey) throw badRequest(CARD_PAYMENT_NOT_SET_UP);
  return deps.stripe;
}

/** Asks Stripe for the purchase's PaymentIntent: one per purchase, even when the request is retried. */
async function intentFor(deps: Deps, stripe: Stripe, purchase: PurchaseRow, reportName: string): Promise<Stripe.PaymentIntent> {
  if (purchase.payment_intent_id) {
    const existing = await callStripe(deps.log, 'retrieve payment', () => stripe.paymentIntents.retrieve(purchase.payment_intent_id!));
    if (existing.status !== 'canceled') return existing;
  }
  const intent = await callStripe(deps.log, 'create payment', () =>
    stripe.paymentIntents.create(
      {
        amount: purchase.amount_pence,
        currency: purchase.currency,
        automatic_payment_methods: { enabled: true },
        description: `Premium Report: ${reportName}`.slice(0, 500),
        metadata: { purchase_id: String(purchase.id), report_id: String(purchase.report_id), buyer: purchase.buyer },
      },
      // The purchase is recorded first, so a retry after a lost answer gets the same intent back.
      { idempotencyKey: idempotencyKeyOf(deps, purchase) },
    ),
  );
  await updatePurchase(deps.db, purchase.id, { payment_intent_id: intent.id });
  return intent;
}

/** Stage 'load': the payment the owner's card form completes, for the owner price in force. */
export async function loadOwnerPayment(
  deps: Deps,
  reportPath: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<z.input<typeof shared.prepaymentLoad.response>> {
  const stripe = stripeOf(deps);
  const report = await reportForLink(deps, reportPath, { type: REPORT_TYPE.preliminary });
  if (await isReportBought(deps.db, report.id)) throw new HttpError(409, ALREADY_BOUGHT);
  // An assessor who can no longer use the app could not finalise it: nothing is sold on their links.
  if (!canFinalise(await findUserById(deps.db, report.user_id))) throw new HttpError(409, NOT_ON_SALE);
  const prices = await getPrices(deps.db);
  const cost = ownerCost(prices);
  if (prices.id === null || cost.amount < STRIPE_MINIMUM_PENCE) throw new HttpError(409, NOT_ON_SALE);

  const sessionHash = deps.hash(`owner-checkout:${ownerToken(deps, request, reply)}`);
  const open = await openOwnerPurchase(deps.db, report.id, sessionHash);
  // Reused only while the price is the one it was started at; a price change starts a new purchase at the new price.
  const reusable = open && open.price_id === prices.id && open.amount_pence === cost.amount;
  if (!reusable && (await countOpenOwnerPurchasesSince(deps.db, report.id, Date.now() - DAY_MS)) >= NEW_OWNER_PAYMENTS_PER_REPORT_PER_DAY)
    throw new HttpError(429, TOO_MANY_PAYMENTS);
  const purchase = reusable
    ? open
    : await (async () => {
        const id = await insertPurchase(deps.db, {
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
          owner_session_hash: sessionHash,
          created_at: Date.now(),
          paid_at: null,
          refunded_at: null,
        });
        return (await findPurchase(deps.db, id))!;
      })();
  const intent = await intentFor(deps, stripe, purchase, report.name);
  return {
    success: true as const,
    pk: deps.config.stripe.publishableKey!,
    pi_secret: intent.client_secret!,
    pi_id: intent.id,
    cost_amount: purchase.amount_pence,
    cost_currency: purchase.currency,
    full_price_amount: purchase.full_price_pence,
    discount_amount: purchase.discount_pence,
    discount_code: purchase.discount_code,
  };
}

type PreStripeBody = z.output<typeof shared.prepaymentPreStripe.request>;

/** The owner's details, each problem keyed by the field it belongs beside. */
export function ownerDetailProblems(body: Pick<PreStripeBody, 'company' | 'email' | 'priority'>): FieldError[] {
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

/** Stage 'preStripe': checks and keeps the owner's details on their purchase, before the card is confirmed. */
export async function saveOwnerDetails(deps: Deps, body: PreStripeBody, request: FastifyRequest): Promise<void> {
  stripeOf(deps);
  const report = await reportForLink(deps, body.report_path, { type: REPORT_TYPE.preliminary });
  const problems = ownerDetailProblems(body);
  if (problems.length) throw badRequest(FIX_PROBLEMS, problems);
  const token = request.cookies[OWNER_COOKIE];
  const purchase = body.pi_id ? await findPurchaseByIntent(deps.db, body.pi_id) : undefined;
  // Only the browser that started this payment, for this report, may name its buyer.
  const mine =
    purchase &&
    token &&
    purchase.buyer === BUYER.owner &&
    purchase.report_id === report.id &&
    purchase.owner_session_hash === deps.hash(`owner-checkout:${token}`);
  if (!mine) throw notFound(PAYMENT_NOT_FOUND);
  // Bought meanwhile from another browser: this card is not charged (a payment that slips through is refunded, fulfilment.ts).
  if (purchase.status === PURCHASE_STATUS.paid || (await isReportBought(deps.db, report.id))) throw new HttpError(409, ALREADY_BOUGHT);
  if (purchase.status === PURCHASE_STATUS.refunded) throw new HttpError(409, PAYMENT_NOT_FOUND);
  await updatePurchase(deps.db, purchase.id, {
    email: body.email.trim(),
    company: body.company.trim(),
    priority: body.priority,
  });
}
