import { PREMIUM_DELIVERY, PRIORITY_LABELS, PRODUCT_NAME, SUPPORT_EMAIL, type Priority } from '../../shared/constants';
import { pendingReportPath } from '../../shared/links';
import { formatMoney } from '../../shared/money';
import { brandedEmail, type EmailBranding } from '../platform/email/branded-email';
import type { OutgoingEmail } from '../platform/email/mailer';
import type { PurchaseRow } from './repos/purchases';

/** The cost as the payment form showed it: 'Cost: £99.00 (reduced from £149.00 with SPRING voucher code)'. */
function costLine(p: Pick<PurchaseRow, 'amount_pence' | 'full_price_pence' | 'discount_pence' | 'discount_code' | 'currency'>): string {
  const cost = formatMoney(p.amount_pence, p.currency);
  return p.discount_pence > 0
    ? `${cost} (reduced from ${formatMoney(p.full_price_pence, p.currency)} with ${p.discount_code} voucher code)`
    : cost;
}

/** A moment as an owner in the UK reads it: "3 March 2026 at 14:05". */
const ukDateTime = (at: number) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' }).format(at);

/**
 * The seller and VAT lines of a receipt. The card payment is taken by the platform's Stripe
 * account, so the platform is the seller and the assessor is who prepares the report. The amount
 * is the total charged: UK prices to consumers include any VAT due
 * (the Price Marking Order 2004,
 * https://www.legislation.gov.uk/uksi/2004/102), and a VAT invoice is the seller's to give.
 */
const sellerRows = (branding: EmailBranding): Array<readonly [string, string]> => [
  ['Sold by', PRODUCT_NAME],
  [
    'Prepared by',
    [branding.assessorName, branding.companyName].filter((v, i, all) => v && all.indexOf(v) === i).join(', ') || 'Your assessor',
  ],
  ['VAT', `The amount is the total you paid, including any VAT due. For a VAT invoice, email ${SUPPORT_EMAIL}.`],
];

/** How to get help: the assessor for the report, the seller for the payment. */
const helpNote = (branding: EmailBranding) =>
  `Questions about your report: ${branding.assessorName || 'your assessor'} (details below). Questions about this payment: ${SUPPORT_EMAIL}.`;

/** The owner's receipt, sent once, when the payment is fulfilled: in their assessor's branding. */
export function ownerReceipt(args: {
  purchase: PurchaseRow;
  reportName: string;
  paymentIntentId: string;
  paidAt: number;
  branding: EmailBranding;
  /** The owner's link, where the Premium report's progress shows. */
  reportUrl: string;
}): Promise<OutgoingEmail> {
  const { purchase, reportName, branding } = args;
  return brandedEmail({
    to: purchase.email,
    subject: `Receipt for your Premium Report from ${branding.companyName || PRODUCT_NAME}`,
    preview: `${costLine(purchase)} paid for a Premium Report for ${reportName}.`,
    branding,
    ...(branding.email ? { replyTo: branding.email } : {}),
    blocks: [
      { kind: 'paragraph', text: `Thank you for buying a Premium Report for ${reportName}.` },
      {
        kind: 'facts',
        rows: [
          ['Amount paid', costLine(purchase)],
          ['Paid on', ukDateTime(args.paidAt)],
          ['What you bought', `A Premium Report for ${reportName}: the improvement plans that suit your home, step by step`],
          ...sellerRows(branding),
          ['Payment reference', args.paymentIntentId],
          ...(purchase.company ? [['Company', purchase.company] as const] : []),
        ],
      },
      {
        kind: 'paragraph',
        text: `${branding.assessorName || 'Your assessor'} is now preparing your Premium Report; it will be with you ${PREMIUM_DELIVERY}. We will email you when it is ready.`,
      },
      { kind: 'button', label: 'Back to your report', url: args.reportUrl },
      { kind: 'note', text: helpNote(branding) },
    ],
  });
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

/** Tells an owner their payment is being given back, and why: nothing was made for it. */
export function refundNotice(args: {
  purchase: PurchaseRow;
  reportName: string | null;
  reason: string;
  branding: EmailBranding;
}): Promise<OutgoingEmail> {
  const { purchase, reportName, branding } = args;
  return brandedEmail({
    to: purchase.email,
    subject: `Your ${PRODUCT_NAME} payment is being refunded`,
    preview: `We are refunding ${costLine(purchase)} in full.`,
    branding,
    blocks: [
      {
        kind: 'paragraph',
        text: `We are refunding your payment of ${costLine(purchase)}${reportName ? ` for a Premium Report for ${reportName}` : ''} in full.`,
      },
      { kind: 'paragraph', text: args.reason },
      {
        kind: 'facts',
        rows: [
          ['Payment reference', purchase.payment_intent_id ?? ''],
          ['Refund', `The refund needs nothing from you: ${REFUND_ARRIVES}.`],
        ],
      },
      { kind: 'note', text: helpNote(branding) },
    ],
  });
}
