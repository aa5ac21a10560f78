import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PRIORITY_DEFAULT } from '../constants';
import { defineCall, rowId } from './define';
import { PUBLIC_PATHS } from './paths';
import { originalFilename, reportSource } from './reports';
import { reportPath } from './sharing';

/** Takes an Idempotency-Key header (idempotency.ts): a repeat of the key answers the first answer. */
export const buyPremiumCheckoutInit = defineCall({
  method: 'POST',
  path: '/api/buypremiumreportcheckoutinit',
  request: z.object({
    ...reportSource,
    originals: z.object({ xml1: originalFilename, xml2: originalFilename.default('') }),
    useCredit: z.boolean(),
  }),
  response: z.object({
    success: z.literal(true),
    cs: z.string().optional(),
    rid: rowId,
    pk: z.string().optional(),
  }),
});

/** What the Premium costs the owner now: pence, with the automatic discount the server applied, if any. */
const ownerCost = {
  cost_amount: z.number().int(),
  cost_currency: z.string(),
  full_price_amount: z.number().int(),
  discount_amount: z.number().int(),
  discount_code: z.string(),
};

/**
 * Stage 'load': whether the owner can buy, what it costs and the publishable key the card form
 * loads Stripe.js with. It makes no payment: the PaymentIntent is made when the owner pays
 * (stage 'preStripe'), so a page opened and left leaves nothing at Stripe (Stripe's "collect
 * payment details before creating an Intent", https://docs.stripe.com/payments/accept-a-payment-deferred).
 * Takes an Idempotency-Key header (idempotency.ts), scoped to the link: a repeat of the key answers the first answer.
 */
export const prepaymentLoad = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.prepayment,
  public: true,
  request: z.object({ report_path: reportPath, stage: z.literal('load') }),
  response: z.object({ success: z.literal(true), pk: z.string(), ...ownerCost }),
});

/**
 * Stage 'preStripe', sent when the owner presses Pay: checks and keeps their details, then makes
 * (or, for a second try, reuses) the report's one open payment and answers its client secret,
 * which the card form confirms. Its cost may differ from the load's when the price changed
 * meanwhile: the form then shows the new one before any card is charged.
 */
export const prepaymentPreStripe = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.prepayment,
  public: true,
  request: z.object({
    report_path: reportPath,
    stage: z.literal('preStripe'),
    /** Sent by pages made before the payment was made on submit; not read: the link names the payment. */
    pi_id: z.string().max(255).optional(),
    // Loose here on purpose: the server checks each field and answers per-field errors (company,
    // email, priority) the form shows beside the field; only absurd lengths are refused outright.
    company: z
      .string()
      .max(10 * NAME_MAX)
      .optional()
      .default(''),
    email: z.string().max(10 * EMAIL_MAX),
    priority: z.string().max(64).optional().default(PRIORITY_DEFAULT),
  }),
  response: z.object({ success: z.literal(true), pi_secret: z.string(), pi_id: z.string(), ...ownerCost }),
});

/**
 * What /paymentComplete shows: paid, a short heading and a sentence (e.g. 'Payment received' and
 * when the report arrives), the report's name and the email the receipt went to.
 */
export const paymentCheckResult = z.object({
  paid: z.boolean(),
  short: z.string(),
  long: z.string(),
  report_name: z.string(),
  email: z.string(),
});

export const checkPaymentStatus = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.checkPaymentStatus,
  public: true,
  request: z.object({
    payment_intent: z.string().max(255),
    payment_intent_client_secret: z.string().max(255),
    redirect_status: z.string().max(64),
  }),
  response: z.object({ success: z.literal(true), data: paymentCheckResult }),
});
