import type { z } from 'zod';
import type * as payments from '../../shared/api/payments';
import type { Measure } from '../../shared/api/premium';
import { BUYER, PAYMENT_METHOD, PURCHASE_STATUS, REPORT_STATUS, REPORT_TYPE } from '../../shared/states';
import type { SessionUser } from '../platform/http/sessions';
import { spendPremiumCredit } from '../access/repos/users';
import { inTransaction } from '../platform/db/database';
import type { Deps } from '../deps';
import { badRequest, HttpError } from '../platform/http/http-error';
import { deleteReportRow, findReport, insertReport, type NewReport } from '../reports/repos/reports';
import { WITHOUT_KEY, type Idempotency } from '../platform/http/idempotency';
import { rowIdFromText } from '../../shared/api/define';
import type Stripe from 'stripe';
import { reportRowFrom, type ReportSource } from '../reports/create';
import { getPrices, STRIPE_MINIMUM_PENCE } from '../pricing/prices';
import { deletePurchase, findPurchase, insertPurchase, updatePurchase, type PurchaseRow } from './repos/purchases';
import { callStripe, CARD_PAYMENT_NOT_SET_UP, idempotencyKeyOf } from './stripe-errors';
import { CURRENCY, NOT_ON_SALE, NOTHING_TO_IMPROVE } from './owner-checkout';
import { premiumOnOffer } from '../../shared/rules/premium-offer';

type CheckoutBody = z.output<typeof payments.buyPremiumCheckoutInit.request>;
type CheckoutAnswer = z.input<typeof payments.buyPremiumCheckoutInit.response>;

const NO_CREDITS_LEFT = 'You have no premium credits left. Please pay by card.';

const sourceOf = (body: CheckoutBody): ReportSource => ({
  ...body,
  xml1Name: body.originals.xml1,
  xml2Name: body.originals.xml2,
});

/**
 * An assessor buys a Premium report in the wizard. With a credit: the credit is spent and the
 * pending report recorded in one transaction (no credit, no report), with the answer kept for the
 * request's Idempotency-Key, so a retry of a lost answer spends no second credit. By card: the
 * report is recorded as Awaiting payment, in no list, and becomes Pending when the payment is
 * fulfilled; the key notes the purchase with them, so a retry after a lost answer asks Stripe
 * again for that purchase's payment (under the purchase's own Stripe key: the same intent).
 */
/** A Premium sells plans: a home whose survey recommends nothing that adds points has none, so neither a credit nor a card is taken for it. */
function sellable(row: NewReport): NewReport {
  if (!premiumOnOffer(JSON.parse(row.measures) as Measure[])) throw badRequest(NOTHING_TO_IMPROVE);
  return row;
}

export async function premiumCheckout(
  deps: Deps,
  user: SessionUser,
  body: CheckoutBody,
  idempotency: Idempotency = WITHOUT_KEY,
): Promise<CheckoutAnswer> {
  const prices = await getPrices(deps.db);
  const now = Date.now();
  const purchaseOf = (reportId: number) => ({
    report_id: reportId,
    assessor_id: user.id,
    buyer: BUYER.assessor,
    price_id: prices.id,
    currency: CURRENCY,
    full_price_pence: prices.tradePence,
    payment_intent_id: null,
    owner_session_hash: null,
    created_at: now,
    refunded_at: null,
  });

  if (body.useCredit) {
    const row = sellable(
      await reportRowFrom(deps, user, sourceOf(body), { type: REPORT_TYPE.premium, status: REPORT_STATUS.pending }, now),
    );
    const answer = await inTransaction(deps.db, async (tx) => {
      if (!(await spendPremiumCredit(tx, user.id))) throw new HttpError(409, NO_CREDITS_LEFT);
      const id = await insertReport(tx, row);
      await insertPurchase(tx, {
        ...purchaseOf(id),
        premium_report_id: id,
        method: PAYMENT_METHOD.credit,
        status: PURCHASE_STATUS.paid,
        amount_pence: 0,
        paid_at: now,
      });
      const bought = { success: true as const, rid: id };
      await idempotency.keep(tx, bought);
      return bought;
    });
    deps.realtime.push(user.id, 'pendingUpdate', {});
    deps.realtime.push(user.id, 'premiumReportPaymentComplete', { report_id: answer.rid });
    return answer;
  }

  const stripe = deps.stripe;
  if (!stripe || !deps.config.stripe.publishableKey) throw badRequest(`${CARD_PAYMENT_NOT_SET_UP} Please use a premium credit.`);
  const lost = await checkoutToResume(deps, user, idempotency.progress);
  if (lost) return cardCheckout(deps, stripe, user, lost.purchase, lost.reportName, idempotency);
  if (prices.id === null || prices.tradePence < STRIPE_MINIMUM_PENCE) throw new HttpError(409, NOT_ON_SALE);
  const row = sellable(
    await reportRowFrom(deps, user, sourceOf(body), { type: REPORT_TYPE.premium, status: REPORT_STATUS.awaitingPayment }, now),
  );
  const purchaseId = await inTransaction(deps.db, async (tx) => {
    const id = await insertReport(tx, row);
    const pid = await insertPurchase(tx, {
      ...purchaseOf(id),
      premium_report_id: null,
      method: PAYMENT_METHOD.card,
      status: PURCHASE_STATUS.awaitingPayment,
      amount_pence: prices.tradePence,
      paid_at: null,
    });
    await idempotency.note(tx, String(pid));
    return pid;
  });
  return cardCheckout(deps, stripe, user, (await findPurchase(deps.db, purchaseId))!, row.name, idempotency);
}

/** The card checkout a lost attempt with the same key recorded, while it still waits for its payment. */
async function checkoutToResume(deps: Deps, user: SessionUser, progress: string | null) {
  const purchaseId = progress === null ? null : rowIdFromText(progress);
  const purchase = purchaseId === null ? undefined : await findPurchase(deps.db, purchaseId);
  if (!purchase || purchase.assessor_id !== user.id || purchase.buyer !== BUYER.assessor || purchase.report_id === null) return null;
  if (purchase.status !== PURCHASE_STATUS.awaitingPayment && purchase.status !== PURCHASE_STATUS.failed) return null;
  const report = await findReport(deps.db, purchase.report_id);
  return report?.status === REPORT_STATUS.awaitingPayment ? { purchase, reportName: report.name } : null;
}

/** Asks Stripe for the purchase's payment (one per purchase, whoever asks) and answers the card form's secret. */
async function cardCheckout(
  deps: Deps,
  stripe: Stripe,
  user: SessionUser,
  purchase: PurchaseRow,
  reportName: string,
  idempotency: Idempotency,
): Promise<CheckoutAnswer> {
  const reportId = purchase.report_id!;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await callStripe(deps.log, 'create payment', () =>
      stripe.paymentIntents.create(
        {
          amount: purchase.amount_pence,
          currency: purchase.currency,
          automatic_payment_methods: { enabled: true },
          description: `Premium Report (trade): ${reportName}`.slice(0, 500),
          receipt_email: user.email,
          metadata: { purchase_id: String(purchase.id), report_id: String(reportId), buyer: BUYER.assessor },
        },
        { idempotencyKey: idempotencyKeyOf(deps, purchase) },
      ),
    );
  } catch (err) {
    // Nothing to pay for: the waiting report and its purchase go, so no half-made checkout stays behind.
    await inTransaction(deps.db, async (tx) => {
      await deletePurchase(tx, purchase.id);
      await deleteReportRow(tx, reportId);
    });
    throw err;
  }
  const answer = { success: true as const, rid: reportId, cs: intent.client_secret!, pk: deps.config.stripe.publishableKey! };
  await inTransaction(deps.db, async (tx) => {
    await updatePurchase(tx, purchase.id, { payment_intent_id: intent.id, email: user.email });
    await idempotency.keep(tx, answer);
  });
  return answer;
}
