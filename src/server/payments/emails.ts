import { PREMIUM_DELIVERY, PRIORITY_LABELS, PRODUCT_NAME, type Priority } from '../../shared/constants';
import { pendingReportPath } from '../../shared/links';
import { formatMoney } from '../../shared/money';
import type { OutgoingEmail } from '../email/mailer';
import type { PurchaseRow } from './repos/purchases';

/** The cost as the payment form showed it: 'Cost: £99.00 (reduced from £149.00 with SPRING voucher code)'. */
export function costLine(
  p: Pick<PurchaseRow, 'amount_pence' | 'full_price_pence' | 'discount_pence' | 'discount_code' | 'currency'>,
): string {
  const cost = formatMoney(p.amount_pence, p.currency);
  return p.discount_pence > 0
    ? `${cost} (reduced from ${formatMoney(p.full_price_pence, p.currency)} with ${p.discount_code} voucher code)`
    : cost;
}

/** The owner's receipt, sent once, when the payment is fulfilled. */
export function ownerReceipt(purchase: PurchaseRow, reportName: string, paymentIntentId: string, paidAt: number): OutgoingEmail {
  return {
    to: purchase.email,
    subject: `Your ${PRODUCT_NAME} Premium Report receipt`,
    text: [
      `Thank you for buying a Premium Report for ${reportName}.`,
      '',
      `Amount paid: ${costLine(purchase)}`,
      `Paid on: ${new Date(paidAt).toUTCString()}`,
      `Payment reference: ${paymentIntentId}`,
      ...(purchase.company ? [`Company: ${purchase.company}`] : []),
      '',
      `Your assessor is now preparing your Premium Report; it will be with you ${PREMIUM_DELIVERY}.`,
      '',
      `${PRODUCT_NAME}`,
    ].join('\n'),
  };
}

/** Tells the assessor an owner bought from their link: what they earned and where to finalise it. */
export function assessorNotice(
  purchase: PurchaseRow,
  to: string,
  reportName: string,
  premiumReportId: number,
  publicUrl: string,
): OutgoingEmail {
  const priority = PRIORITY_LABELS[purchase.priority as Priority] ?? PRIORITY_LABELS.improveEnergyEfficiency;
  return {
    to,
    subject: `A Premium Report was bought for ${reportName}`,
    text: [
      `The owner of ${reportName} has bought a Premium Report from the link you shared.`,
      ...(purchase.referral_pence > 0 ? [`You have earned a referral fee of ${formatMoney(purchase.referral_pence)}.`] : []),
      '',
      `Please finalise it so it reaches the owner ${PREMIUM_DELIVERY}:`,
      `${publicUrl}${pendingReportPath(premiumReportId)}`,
      '',
      `The owner's priority: ${priority}`,
      `The owner's email: ${purchase.email}`,
      ...(purchase.company ? [`Company: ${purchase.company}`] : []),
    ].join('\n'),
  };
}

/** How long a card refund takes to show, as Stripe tells buyers. */
export const REFUND_ARRIVES = 'it reaches your card within 5 to 10 working days';

/** Tells a buyer their payment is being given back, and why: nothing was made for it. */
export function refundNotice(purchase: PurchaseRow, reportName: string | null, reason: string): OutgoingEmail {
  return {
    to: purchase.email,
    subject: `Your ${PRODUCT_NAME} payment is being refunded`,
    text: [
      `We are refunding your payment of ${costLine(purchase)}${reportName ? ` for a Premium Report for ${reportName}` : ''} in full.`,
      reason,
      '',
      `Payment reference: ${purchase.payment_intent_id ?? ''}`,
      `The refund needs nothing from you: ${REFUND_ARRIVES}.`,
      '',
      `${PRODUCT_NAME}`,
    ].join('\n'),
  };
}
