import { z } from 'zod';
import { PAGE_DATA_PATHS } from './paths';
import { PRIORITIES } from '../constants';
import { defineCall, ok, rowId } from './define';
import { BUYER, DELETE_MODES, REPORT_STATUSES } from '../states';
import { ctaxBand, STORAGE_KEY_MAX, storageKey } from './uploads';

export const REPORT_MODES = ['preliminary', 'premium', 'pending'] as const;
const reportMode = z.enum(REPORT_MODES);
export type ReportMode = z.infer<typeof reportMode>;

export const originalFilename = z.string().trim().max(255);

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

export const reportsList = defineCall({
  method: 'GET',
  path: PAGE_DATA_PATHS.reportsList,
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

export const reportSource = {
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
