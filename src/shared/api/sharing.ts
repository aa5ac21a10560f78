import { z } from 'zod';
import { SCHEMES } from '../constants';
import { defineCall, failure } from './define';
import { PUBLIC_PATHS } from './paths';
import { LINK_PAGE_MODE, LINK_PAGE_MODES } from '../states';

/**
 * The fewest characters of a link's slug that are worth a look: 16 of 22 random ones (96 bits).
 * reportPath's pattern writes the same 16 (a literal, so its backtracking is checked).
 */
export const SLUG_MIN_LENGTH = 16;
/** A shared link's path: report id and its unguessable slug, "id/slug". */
export const reportPath = z
  .string()
  .trim()
  .regex(/^\d{1,12}\/[A-Za-z0-9_-]{16,64}$/, 'Unknown report link');
const reportMode = z.enum([LINK_PAGE_MODE.free, LINK_PAGE_MODE.questionnaireFree]);

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
const sharedFunding = z.object({
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

export const sharedPremiumReport = defineCall({
  method: 'POST',
  path: PUBLIC_PATHS.sharedPremiumReport,
  public: true,
  request: z.object({ report_path: reportPath }),
  response: z.object({ success: z.literal(true), pdfUrl: z.string() }),
});
