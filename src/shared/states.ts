/**
 * The states and modes both sides name, declared once: code compares against these constants,
 * never against the strings, so a renamed state is a type error rather than a silent mismatch.
 */

/**
 * A report's life: Generating → Ready! (or Error); Regenerating after a branding change. A Premium
 * report bought by card waits as Awaiting payment (in no list) until the payment is confirmed, then
 * is Pending while the assessor finalises it.
 */
export const REPORT_STATUS = {
  awaitingPayment: 'Awaiting payment',
  generating: 'Generating',
  ready: 'Ready!',
  error: 'Error',
  regenerating: 'Regenerating',
  pending: 'Pending',
} as const;
export type ReportStatus = (typeof REPORT_STATUS)[keyof typeof REPORT_STATUS];
export const REPORT_STATUSES = Object.values(REPORT_STATUS) as [ReportStatus, ...ReportStatus[]];

/** What a delete call does: to Deleted Reports, back from there, or gone for good. */
export const DELETE_MODE = { delete: 'delete', undelete: 'undelete', permaDelete: 'perma-delete' } as const;
export type DeleteMode = (typeof DELETE_MODE)[keyof typeof DELETE_MODE];
export const DELETE_MODES = Object.values(DELETE_MODE) as [DeleteMode, ...DeleteMode[]];

/**
 * Why an emailed link sent its user to the login page instead of where it leads: a confirmation
 * link that is not valid (or was replaced), one whose account is confirmed already, or a password
 * reset link that expired or was used. The login page says which.
 */
export const LINK_NOTICE = {
  confirmInvalid: 'confirm-invalid',
  alreadyConfirmed: 'already-confirmed',
  resetInvalid: 'reset-invalid',
} as const;
export type LinkNotice = (typeof LINK_NOTICE)[keyof typeof LINK_NOTICE];

/** How an assessor's shared links open: the landing page offering Premium, or the PDF at once. */
export const SHARE_MODE = { upsell: 'upsell', download: 'download' } as const;
export type ShareMode = (typeof SHARE_MODE)[keyof typeof SHARE_MODE];
export const SHARE_MODES = Object.values(SHARE_MODE) as [ShareMode, ...ShareMode[]];

/** Which kind of report a row is. */
export const REPORT_TYPE = { preliminary: 'preliminary', premium: 'premium' } as const;
export type ReportType = (typeof REPORT_TYPE)[keyof typeof REPORT_TYPE];

/** How the owner's report page opens: the Premium offer, straight to payment, or free (with card payment, or a booking questionnaire where payment is not set up). */
export const LINK_PAGE_MODE = { upsell: 'upsell', paynow: 'paynow', free: 'free', questionnaireFree: 'questionnaire-free' } as const;
export type LinkPageMode = (typeof LINK_PAGE_MODE)[keyof typeof LINK_PAGE_MODE];
export const LINK_PAGE_MODES = Object.values(LINK_PAGE_MODE) as [LinkPageMode, ...LinkPageMode[]];

/** A purchase of a Premium report: waiting for the card, paid (fulfilled), the card refused (it may still be paid later), refunded. */
export const PURCHASE_STATUS = { awaitingPayment: 'awaiting_payment', paid: 'paid', failed: 'failed', refunded: 'refunded' } as const;
export type PurchaseStatus = (typeof PURCHASE_STATUS)[keyof typeof PURCHASE_STATUS];

/** Who bought it: the property owner on a shared link (the assessor earns the referral fee), or the assessor in the wizard. */
export const BUYER = { owner: 'owner', assessor: 'assessor' } as const;
export type Buyer = (typeof BUYER)[keyof typeof BUYER];

/** How it was paid for. */
export const PAYMENT_METHOD = { card: 'card', credit: 'credit' } as const;
export type PaymentMethod = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];

/**
 * The plans a Premium report offers, computed from the survey's own figures: the cheapest set of
 * measures reaching band C, the highest EPC rating, the largest cut in CO2 (collects EIR points),
 * everything recommended, and the assessor's own custom plan.
 */
export const PLAN_ID = {
  cheapestToC: 'cheapestToC',
  highestEpc: 'highestEpc',
  largestCo2Cut: 'largestCo2Cut',
  allRecommended: 'allRecommended',
  custom: 'custom',
} as const;
export type PlanId = (typeof PLAN_ID)[keyof typeof PLAN_ID];
export const PLAN_IDS = Object.values(PLAN_ID) as [PlanId, ...PlanId[]];

/**
 * Whether a month of an assessor's referral fees has been paid out to them: the operator marks
 * it with `npm run cli -- earnings mark-paid`; until then it is owed.
 */
export const EARNING_STATUS = { paid: 'Paid', unpaid: 'Unpaid' } as const;
export type EarningStatus = (typeof EARNING_STATUS)[keyof typeof EARNING_STATUS];
export const EARNING_STATUSES = Object.values(EARNING_STATUS) as [EarningStatus, ...EarningStatus[]];
