import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, PRIORITY_DEFAULT, PROPERTY_SIZES, SCHEMES } from '../constants';
import { defineCall, failure } from './define';
import { PUBLIC_PATHS } from './paths';
import { LINK_PAGE_MODE, LINK_PAGE_MODES } from '../states';

/**
 * The fewest characters of a link's slug that are worth a look: 16 of 22 random ones (96 bits).
 * reportPath's pattern writes the same 16 (a literal, so its backtracking is checked).
 */
export const SLUG_MIN_LENGTH = 16;
/** A shared link's path: report id and its unguessable slug, "id/slug". */
const reportPath = z
  .string()
  .trim()
  .regex(/^\d{1,12}\/[A-Za-z0-9_-]{16,64}$/, 'Unknown report link');
export const reportMode = z.enum([LINK_PAGE_MODE.free, LINK_PAGE_MODE.questionnaireFree]);

/**
 * Who the owner deals with: the report branding's company, logo and colour, and the assessor's
 * own business contact from My Account. This and nothing more is all a link ever says about them.
 */
export const assessorCard = z.object({
  /** Empty when the report uses the platform's default branding: the page then names the assessor. */
  company_name: z.string(),
  logo_url: z.string().optional(),
  /** '#rrggbb'; absent with the default branding. */
  colour: z.string().optional(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type AssessorCard = z.infer<typeof assessorCard>;

/** The accreditation schemes an owner would recognise by name (src/shared/constants.ts SCHEMES, less 'other'). */
export const accreditationScheme = z.enum(SCHEMES).exclude(['other']);

/**
 * sharedreport's 404. A report's own link that no longer leads to it (the report deleted or not
 * ready, the slug cut short) carries its assessor's card so the owner can ask for a new link; an
 * id that names no report, or a slug that is not the report's, carries nothing.
 */
export const sharedReportNotFound = failure.extend({ assessor: assessorCard.optional() });

/** One way through a scheme's household test (src/shared/funding.ts): the owner's optional check judges it in the browser. */
const householdRoute = z.object({
  benefit: z.boolean().optional(),
  incomeMaxPence: z.number().int().optional(),
  health: z.boolean().optional(),
  other: z.string().optional(),
});

/**
 * What the home may get towards its recommended measures, on the report's date, worked out per
 * measure at the low and the high end of its estimated cost. Always 'may': never a promise.
 */
export const sharedFunding = z.object({
  /** The grants with a set amount at the low and the high end of the costs: 'may qualify for up to'. */
  grants_low_pence: z.number().int(),
  grants_high_pence: z.number().int(),
  /** YYYY-MM-DD: the schemes in force on the report's date. */
  on_date: z.string(),
  schemes: z.array(
    z.object({
      scheme: z.string(),
      /** Where the scheme applies: 'Wales', 'England and Wales', 'UK-wide'. */
      nation: z.string(),
      /** A grant is counted in the totals; a loan is a way to pay and a relief a lower VAT rate: neither is taken off. */
      role: z.enum(['grant', 'funded', 'landlord', 'loan', 'relief']),
      amounts: z.array(z.string()),
      measures: z.array(z.string()),
      condition: z.string(),
      caveat: z.string().nullable(),
      url: z.string(),
      up_to_low_pence: z.number().int(),
      up_to_high_pence: z.number().int(),
      /** term_years null: the official page sets no term, the lender does. */
      loan: z.object({ up_to_pence: z.number().int(), rate_percent: z.number(), term_years: z.number().int().nullable() }).nullable(),
      household: z.array(householdRoute).nullable(),
    }),
  ),
});
export type SharedFunding = z.infer<typeof sharedFunding>;

export const sharedReport = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.sharedReport,
  public: true,
  request: z.object({ report_path: reportPath, initial_mode: z.enum(LINK_PAGE_MODES).optional() }),
  response: z.object({
    success: z.literal(true),
    tracking_id: z.string().optional(),
    doRedirect: z.boolean(),
    pdfUrl: z.string(),
    report_name: z.string(),
    short_title: z.string(),
    company_name: z.string().optional(),
    logo_url: z.string().optional(),
    report_mode: reportMode,
    /** A Premium report has been bought for this property: the owner is told it is on its way, not offered a second payment. */
    premium_purchased: z.boolean(),
    /**
     * A Premium report can be had for this home: its survey recommends an improvement that adds
     * points (src/shared/rules/premium-offer.ts). False: no Premium is offered, only the visit.
     */
    premium_on_offer: z.boolean(),
    assessor: assessorCard,
    /** The home's current energy rating (SAP points) for the landing's A–G picture. */
    current_epc: z.number().int(),
    /** What the survey's improvements, done in order, could take it to (SAP points): the report's settled potential. */
    potential_epc: z.number().int(),
    /** The assessor's accreditation scheme, named beside the offer; absent for 'other' or none, which name nothing. */
    assessor_scheme: accreditationScheme.optional(),
    /**
     * The owner price in force (pence), present only where the owner can buy the Premium here by
     * card: `amount_pence` is what they pay, `full_pence` the price before the automatic discount.
     */
    premium_price: z.object({ amount_pence: z.number().int(), full_pence: z.number().int() }).optional(),
    /**
     * Present once an owner has bought the Premium on this link: the day it is due (YYYY-MM-DD, working
     * days in the home's nation) and, once finalised and drawn, the "id/slug" of its own link.
     */
    premium_bought: z.object({ ready_by: z.string(), premium_path: z.string().optional() }).optional(),
    /** Whether any property size has a booking calendar; without one the owner is told how to arrange a visit instead. */
    booking_calendar: z.boolean(),
    /** Absent when no scheme or relief applies to any of the home's measures. */
    funding: sharedFunding.optional(),
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

export const acuityCheckout = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.acuityCheckout,
  public: true,
  request: z.object({
    voucherCode: z.string().trim().max(64),
    appointmentType: z.enum(PROPERTY_SIZES),
    report_path: reportPath,
  }),
  response: z.object({
    success: z.literal(true),
    showCalendar: z.boolean(),
    acuityOwner: z.string(),
    acuityAppointment: z.string(),
    acuityCalendar: z.string(),
    voucherMessage: z.string(),
    /** The code is valid and applies: its message is a confirmation, not an error. */
    voucherValid: z.boolean(),
    showHouseTooBig: z.boolean(),
  }),
});

export const sharedPremiumReport = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.sharedPremiumReport,
  public: true,
  request: z.object({ report_path: reportPath }),
  response: z.object({ success: z.literal(true), pdfUrl: z.string() }),
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

export const contractor = z.object({
  key: z.string(),
  name: z.string(),
  url: z.string(),
  address: z.string(),
  email: z.string(),
  tel: z.string(),
  image: z.string(),
  image_mime: z.string(),
});

const contractorMode = z.enum(['preliminary', 'premium']);
const measureCode = z.string().trim().min(1).max(100);

export const contractors = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.contractors,
  public: true,
  request: z.object({ report_path: reportPath, measure_code: measureCode, report_mode: contractorMode }),
  response: z.object({
    success: z.literal(true),
    measure_name: z.string(),
    short_title: z.string(),
    contractors: z.array(contractor),
    assessor: assessorCard,
  }),
});

export const contractorsRequest = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.contractorsRequest,
  public: true,
  request: z.object({
    report_path: reportPath,
    measure_code: measureCode,
    selected_contractors: z.array(z.string().max(100)).max(50),
    phone: z.string().trim().max(PHONE_MAX).optional().default(''),
    name: z.string().trim().max(NAME_MAX).optional().default(''),
    email: z.string().trim().max(EMAIL_MAX),
    newsletter: z.boolean().optional().default(false),
    report_mode: contractorMode,
  }),
  response: z.object({ success: z.literal(true), message: z.string() }),
});

export const contractorsMeasures = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.contractorsMeasures,
  public: true,
  request: z.object({ report_path: reportPath }),
  response: z.object({
    success: z.literal(true),
    short_title: z.string(),
    assessor: assessorCard,
    measures: z.array(z.object({ code: z.string(), name: z.string(), image: z.string() })),
  }),
});
