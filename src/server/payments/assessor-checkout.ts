import type { z } from 'zod';
import type * as reports from '../../shared/api/reports';
import { BUYER, PAYMENT_METHOD, PURCHASE_STATUS, REPORT_STATUS, REPORT_TYPE } from '../../shared/states';
import type { SessionUser } from '../access/sessions';
import { spendPremiumCredit } from '../access/repos/users';
import { inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { badRequest, HttpError } from '../http/http-error';
import { deleteReportRow, insertReport } from '../reports/repos/reports';
import { reportRowFrom, type ReportSource } from '../reports/create';
import { getPrices } from './prices';
import { deletePurchase, insertPurchase, updatePurchase } from './repos/purchases';
import { callStripe, CARD_PAYMENT_NOT_SET_UP, idempotencyKeyOf } from './stripe-errors';
import { CURRENCY, NOT_ON_SALE } from './owner-checkout';

type CheckoutBody = z.output<typeof reports.buyPremiumCheckoutInit.request>;
type CheckoutAnswer = z.input<typeof reports.buyPremiumCheckoutInit.response>;

export const NO_CREDITS_LEFT = 'You have no premium credits left. Please pay by card.';
const STRIPE_MINIMUM_PENCE = 30;

const sourceOf = (body: CheckoutBody): ReportSource => ({
  ...body,
  xml1Name: body.originals.xml1,
  xml2Name: body.originals.xml2,
});

/**
 * An assessor buys a Premium report in the wizard. With a credit: the credit is spent and the
 * pending report recorded in one transaction (no credit, no report). By card: the report is
 * recorded as Awaiting payment, in no list, and becomes Pending when the payment is fulfilled.
 */
export async function premiumCheckout(deps: Deps, user: SessionUser, body: CheckoutBody): Promise<CheckoutAnswer> {
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
    const row = await reportRowFrom(deps, user, sourceOf(body), { type: REPORT_TYPE.premium, status: REPORT_STATUS.pending }, now);
    const reportId = await inTransaction(deps.db, async (tx) => {
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
      return id;
    });
    deps.realtime.push(user.id, 'pendingUpdate', {});
    deps.realtime.push(user.id, 'premiumReportPaymentComplete', { report_id: reportId });
    return { success: true as const, rid: reportId };
  }

  const stripe = deps.stripe;
  if (!stripe || !deps.config.stripe.publishableKey) throw badRequest(`${CARD_PAYMENT_NOT_SET_UP} Please use a premium credit.`);
  if (prices.id === null || prices.tradePence < STRIPE_MINIMUM_PENCE) throw new HttpError(409, NOT_ON_SALE);
  const row = await reportRowFrom(deps, user, sourceOf(body), { type: REPORT_TYPE.premium, status: REPORT_STATUS.awaitingPayment }, now);
  const { reportId, purchaseId } = await inTransaction(deps.db, async (tx) => {
    const id = await insertReport(tx, row);
    const pid = await insertPurchase(tx, {
      ...purchaseOf(id),
      premium_report_id: null,
      method: PAYMENT_METHOD.card,
      status: PURCHASE_STATUS.awaitingPayment,
      amount_pence: prices.tradePence,
      paid_at: null,
    });
    return { reportId: id, purchaseId: pid };
  });
  try {
    const intent = await callStripe(deps.log, 'create payment', () =>
      stripe.paymentIntents.create(
        {
          amount: prices.tradePence,
          currency: CURRENCY,
          automatic_payment_methods: { enabled: true },
          description: `Premium Report (trade): ${row.name}`.slice(0, 500),
          receipt_email: user.email,
          metadata: { purchase_id: String(purchaseId), report_id: String(reportId), buyer: BUYER.assessor },
        },
        { idempotencyKey: idempotencyKeyOf(deps, { id: purchaseId, created_at: now }) },
      ),
    );
    await updatePurchase(deps.db, purchaseId, { payment_intent_id: intent.id, email: user.email });
    return { success: true as const, rid: reportId, cs: intent.client_secret!, pk: deps.config.stripe.publishableKey };
  } catch (err) {
    // Nothing to pay for: the waiting report and its purchase go, so no half-made checkout stays behind.
    await inTransaction(deps.db, async (tx) => {
      await deletePurchase(tx, purchaseId);
      await deleteReportRow(tx, reportId);
    });
    throw err;
  }
}
