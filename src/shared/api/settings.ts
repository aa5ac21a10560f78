import { z } from 'zod';
import { EMAIL_TEMPLATE_MAX, NAME_MAX } from '../constants';
import { defineCall, ok } from './define';

export const branding = z.object({
  id: z.string(),
  company_name: z.string(),
  colour: z.string(),
  image_key: z.string(),
  /** false when the branding has no logo. */
  image_url: z.union([z.string(), z.literal(false)]),
  ro: z.boolean(),
});
export type Branding = z.infer<typeof branding>;

export const getBrandings = defineCall({
  method: 'GET',
  path: '/api/userbrandings',
  response: z.object({ success: z.literal(true), brandings: z.array(branding) }),
});

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour such as #2360b1.');
const brandingFields = {
  image: z.string().max(200).default(''),
  company_name: z
    .string()
    .trim()
    .min(1, 'You must specify a company name, you can use your own name if you are not a registered company.')
    .max(NAME_MAX),
  overprint_colour: hexColour,
};

export const saveBranding = defineCall({
  method: 'POST',
  path: '/api/userbrandings',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('new'), ...brandingFields }),
    z.object({ action: z.literal('update'), id: z.string().max(64), ...brandingFields }),
    z.object({ action: z.literal('delete'), id: z.string().max(64) }),
  ]),
  response: z.object({ success: z.literal(true), id: z.string().optional() }),
});

export const getUserSettings = defineCall({
  method: 'GET',
  path: '/api/usersettings',
  response: z.object({ success: z.literal(true), settings: z.object({ email_template: z.string() }) }),
});

export const saveUserSettings = defineCall({
  method: 'POST',
  path: '/api/usersettings',
  request: z.object({
    email_template: z.string().max(EMAIL_TEMPLATE_MAX, `Email template must be ${EMAIL_TEMPLATE_MAX} characters long or shorter.`),
  }),
  response: ok,
});

export const earningEntry = z.object({
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
  path: '/api/agentearnings',
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
