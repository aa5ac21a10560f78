import { z } from 'zod';
import { COVERAGE_MAX, EMAIL_TEMPLATE_MAX, NAME_MAX, PHONE_MAX } from '../constants';
import { defineCall, ok } from './define';
import { PAGE_DATA_PATHS, SESSION_PATHS } from './paths';

export const displayVars = defineCall({
  method: 'GET',
  path: SESSION_PATHS.displayVars,
  response: z.object({
    success: z.literal(true),
    name: z.string(),
    prc: z.number().int(),
    scheme: z.string().nullable(),
    lc: z.number().int(),
    pcc: z.number().int(),
    /** Whether card payment is set up on this server; without it Premium reports are bought with credits only. */
    card_payments: z.boolean(),
    /**
     * Stripe's publishable key when card payment is set up (null otherwise): the wizard shows its card
     * form with it before any payment exists, and makes the payment only when the assessor pays.
     */
    stripe_pk: z.string().nullable(),
  }),
});

export const accountSettings = z.object({
  email: z.string(),
  phone: z.string(),
  name: z.string(),
  coverage: z.string(),
});

export const getAccount = defineCall({
  method: 'GET',
  path: '/api/account',
  response: z.object({ success: z.literal(true), settings: accountSettings }),
});

export const saveAccount = defineCall({
  method: 'POST',
  path: '/api/account',
  request: z.object({
    name: z.string().trim().max(NAME_MAX),
    phone: z.string().trim().max(PHONE_MAX).optional().default(''),
    currentPassword: z.string().max(1024).optional().default(''),
    newPassword: z.string().max(1024).optional().default(''),
    /** The client shows a counter only; the server keeps the limit. */
    coverage: z.string().max(COVERAGE_MAX, `Must be ${COVERAGE_MAX} characters or fewer`).optional().default(''),
  }),
  response: ok,
});

export const gettingStarted = defineCall({
  method: 'GET',
  path: PAGE_DATA_PATHS.gettingStarted,
  response: z.object({
    success: z.literal(true),
    current_premium_price_pence: z.number().int(),
    current_upgrade_referral_pence: z.number().int(),
    current_recommended_premium_sell_pence: z.number().int(),
  }),
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
