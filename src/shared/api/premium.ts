import { z } from 'zod';
import { PAGE_DATA_PATHS } from './paths';
import { PRIORITIES } from '../constants';
import { EPC_BANDS } from '../epc-bands';
import { defineCall, rowId } from './define';
import { PLAN_IDS } from '../states';
import { reportListItem } from './reports';

const epcBandLetter = z.enum(EPC_BANDS.map((b) => b.band) as [string, ...string[]]);

export const reportsDemo = defineCall({
  method: 'GET',
  path: '/api/reports',
  query: z.object({ mode: z.literal('demo') }),
  response: z.object({ success: z.literal(true), premium_url: z.string(), preliminary_url: z.string() }),
});

export const pendingList = defineCall({
  method: 'GET',
  path: PAGE_DATA_PATHS.pendingList,
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
