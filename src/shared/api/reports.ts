import { z } from 'zod';
import { COUNCIL_TAX_BANDS, PRIORITIES } from '../constants';
import { EPC_BANDS } from '../epc-bands';
import { defineCall, ok, rowId } from './define';
import { BUYER, DELETE_MODES, PLAN_IDS, REPORT_STATUSES } from '../states';

export const REPORT_MODES = ['preliminary', 'premium', 'pending'] as const;
export const reportMode = z.enum(REPORT_MODES);
export type ReportMode = z.infer<typeof reportMode>;

const epcBandLetter = z.enum(EPC_BANDS.map((b) => b.band) as [string, ...string[]]);
/** A key the upload call gave (uploads.key, varchar(100) on PostgreSQL): no longer one can name a file. */
const STORAGE_KEY_MAX = 100;
const storageKey = z.string().trim().min(1).max(STORAGE_KEY_MAX);
const originalFilename = z.string().trim().max(255);
const ctaxBand = z.enum(COUNCIL_TAX_BANDS);

export const reportListItem = z.object({
  report_id: rowId,
  name: z.string(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.number().int(),
  current_epc_band: z.string(),
  current_epc: z.number().int(),
  assessor_ref: z.string(),
  /** The assessor's identification number from the survey, shown to estate agents as Assessor ID. */
  assessor_id: z.string(),
  premium_report_purchased: z.boolean(),
  deleteable: z.boolean(),
  share_url: z.string(),
  opened_count: z.number().int().optional(),
  /** Pending list only: who bought the Premium report, when, what the owner wants, and when it is due. */
  pending: z
    .object({
      bought_by: z.enum([BUYER.owner, BUYER.assessor]),
      /** The owner's email on an owner's purchase; '' when the assessor bought it. */
      buyer_email: z.string(),
      /** Epoch seconds. */
      purchased_at: z.number().int(),
      /** The owner's priority from the payment form; null when the assessor bought it. */
      priority: z.enum(PRIORITIES).nullable(),
      /** YYYY-MM-DD: 3 working days after purchase, skipping weekends and the bank holidays of the property's nation. */
      due_date: z.string(),
    })
    .optional(),
});
export type ReportListItem = z.infer<typeof reportListItem>;

export const reportsDemo = defineCall({
  method: 'GET',
  path: '/api/reports',
  query: z.object({ mode: z.literal('demo') }),
  response: z.object({ success: z.literal(true), premium_url: z.string(), preliminary_url: z.string() }),
});

export const reportsList = defineCall({
  method: 'GET',
  path: '/api/reports',
  query: z.object({
    mode: reportMode,
    deleted: z.literal('yes').optional(),
    forced: z.literal('yes').optional(),
    search: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(100000).optional(),
  }),
  response: z.object({
    success: z.literal(true),
    reports_list: z.array(reportListItem),
    total: z.number().int(),
    page: z.number().int(),
  }),
});

const reportSource = {
  xml1_key: storageKey,
  xml2_key: z.string().trim().max(STORAGE_KEY_MAX).default(''),
  cTaxPropertyAddress: z.string().trim().max(300),
  selectedBranding: z.string().trim().min(1).max(64),
  manualCTaxBand: ctaxBand.optional(),
};

/** Takes an Idempotency-Key header (idempotency.ts): a repeat of the key answers the first answer. */
export const createReport = defineCall({
  method: 'POST',
  path: '/api/reports',
  request: z.object({
    ...reportSource,
    xml1_original_filename: originalFilename,
    xml2_original_filename: originalFilename.default(''),
  }),
  response: z.object({ success: z.literal(true), report_id: rowId, share_url: z.string() }),
});

export const upload = defineCall({
  method: 'POST',
  path: '/api/upload',
  request: z.object({
    extension: z.string().trim().min(1).max(10),
    isLogo: z.boolean().optional(),
    /** The file's size in bytes: an object store's presigned address is signed for exactly that many. */
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  response: z.object({ success: z.literal(true), upload_to: z.string(), filename: z.string() }),
});

export const ctaxAddress = z.object({ address: z.string(), band: ctaxBand });
export type CtaxAddress = z.infer<typeof ctaxAddress>;

export const uploadFollowup = defineCall({
  method: 'POST',
  path: '/api/uploadxmlfollowup',
  request: z.object({ filename: storageKey, which_one: z.enum(['A', 'B', 'LOGO']) }),
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    ctax: z.object({ addresses: z.array(ctaxAddress) }).optional(),
    /**
     * File A only: what the survey check found that the report settles its own way (the rule's id
     * and a plain sentence naming the step or figure and what the report uses). Optional, so an
     * answer without it still reads.
     */
    warnings: z.array(z.object({ rule: z.string(), message: z.string() })).optional(),
    /** LOGO only: a short-lived address of the converted PNG, for a preview. */
    image_url: z.string().optional(),
  }),
});

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

export const reportUrl = defineCall({
  method: 'POST',
  path: '/api/reporturl',
  request: z.object({ report_id: rowId, mode: reportMode }),
  response: z.object({ success: z.literal(true), report_url: z.string() }),
});

export const reportDelete = defineCall({
  method: 'POST',
  path: '/api/reportdelete',
  request: z.object({ report_id: rowId, delete_mode: z.enum(DELETE_MODES) }),
  response: ok,
});

export const pendingList = defineCall({
  method: 'GET',
  path: '/api/reportslistassessorpending',
  response: z.object({ success: z.literal(true), reports_list: z.array(reportListItem) }),
});

export const measure = z.object({
  code: z.string(),
  name: z.string(),
  implementationCost: z.string(),
  costTotal: z.string(),
  epcIncrease: z.number().int(),
  eirIncrease: z.number().int(),
  epcTotal: z.number().int(),
  eirTotal: z.number().int(),
  epcBand: epcBandLetter,
  eirBand: epcBandLetter,
  image: z.string(),
});
export type Measure = z.infer<typeof measure>;

export const plan = z.object({
  /** One of PLAN_IDS (src/shared/states.ts). */
  id: z.enum(PLAN_IDS),
  name: z.string(),
  collect: z.enum(['EPC', 'EIR']),
  data: z.object({ measures: z.array(measure) }),
});

export const unprocessedPremiumReport = defineCall({
  method: 'POST',
  path: '/api/unprocessedpremiumreport',
  request: z.object({ report_id: rowId }),
  response: z.object({
    success: z.literal(true),
    report_data: z.object({
      name: z.string(),
      measures: z.array(measure),
      plans: z.array(plan),
      epcStart: z.number().int(),
      eirStart: z.number().int(),
      customPlanMeasures: z.array(z.string()),
      customPlanMeasuresLimit: z.number().int(),
      customPlanDefaultName: z.string(),
      /** The owner's priority (it picks which plan leads); null when the assessor bought the report. */
      priority: z.enum(PRIORITIES).nullable(),
      /** For a rented home: whether it meets the minimum band for letting, and the measures that take it to C. */
      letting: z
        .object({
          minimumBand: z.string(),
          meetsMinimum: z.boolean(),
          /** Measure codes, in order, of the cheapest set reaching band C; null when no set of its measures can. */
          toReachC: z.array(z.string()).nullable(),
        })
        .nullable(),
    }),
  }),
});

/** Takes an Idempotency-Key header (idempotency.ts): a repeat of the key answers the first answer. */
export const finalisePremiumReport = defineCall({
  method: 'POST',
  path: '/api/finalisepremiumreport',
  request: z.object({
    report_id: rowId,
    plan_data: z.array(plan).max(20),
    customPlanName: z.string().trim().max(100),
    customRemarks: z.string().max(10000),
  }),
  response: z.object({
    success: z.literal(true),
    /**
     * The owner bought this report (on their link, with their email): they are emailed their
     * Premium link once its PDF is drawn. False when the assessor bought it: nobody is emailed.
     */
    owner_emailed_when_ready: z.boolean(),
  }),
});
