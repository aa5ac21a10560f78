import { z } from 'zod';
import { PAGE_DATA_PATHS } from './paths';
import { defineCall } from './define';

const earningEntry = z.object({
  amount_pence: z.number().int(),
  assessor_ref: z.string(),
  time: z.number().int(),
  address: z.string(),
  /**
   * Set when the entry is counted in a later month than the one it was made in: a reversal made
   * in a month already paid is carried into the next month still owed ('YYYY-MM' of its own month).
   */
  carried_from: z.string().optional(),
});
export type EarningEntry = z.infer<typeof earningEntry>;

export const agentEarnings = defineCall({
  method: 'GET',
  path: PAGE_DATA_PATHS.agentEarnings,
  response: z.object({
    success: z.literal(true),
    lifetime_earnings_pence: z.number().int(),
    lifetime_reports: z.number().int(),
    monthly_breakdown: z.array(
      z.object({
        month: z.string(),
        total_pence: z.number().int(),
        payment_status: z.string(),
        entries: z.array(earningEntry),
      }),
    ),
    current_premium_price_pence: z.number().int(),
    current_upgrade_referral_pence: z.number().int(),
  }),
});
export type Earnings = z.infer<typeof agentEarnings.response>;
