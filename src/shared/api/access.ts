import { z } from 'zod';
import { ALLOWED_ROLES, CONTACT_MESSAGE_MAX, COVERAGE_MAX, EMAIL_MAX, NAME_MAX, PHONE_MAX } from '../constants';
import { defineCall, ok, rowId, text } from './define';
import { ACCESS_PATHS, PUBLIC_PATHS, SESSION_PATHS } from './paths';
import { ACCESS_ERRORS } from './access-errors';

// Kept in a zod-free module the login page can import; still part of the access contract.
export { ACCESS_ERRORS };

const role = z.enum(ALLOWED_ROLES);

export const login = defineCall({
  method: 'POST',
  path: ACCESS_PATHS.login,
  public: true,
  request: z.object({ username: z.string().trim().max(EMAIL_MAX), password: z.string().max(1024) }),
  response: z.object({ success: z.literal(true), role, name: z.string() }),
});

/** Sign-up takes strings as typed; the field rules (src/shared/rules/signup.ts) answer per field. */
export const signup = defineCall({
  method: 'POST',
  path: ACCESS_PATHS.signup,
  public: true,
  request: z.object({
    inviteCode: z.string().max(64),
    email: z.string().trim().max(EMAIL_MAX),
    phone: z.string().trim().max(PHONE_MAX).optional().default(''),
    name: z.string().trim().max(NAME_MAX),
    role: z.string().max(32),
    scheme: z.string().max(32).optional().default(''),
    password: z.string().max(1024),
    passwordConfirm: z.string().max(1024),
    termsAgree: z.boolean(),
    newsletterOptIn: z.boolean().optional().default(false),
  }),
  response: z.object({ success: z.literal(true), email: z.string() }),
});

export const contactForm = defineCall({
  method: 'POST',
  path: ACCESS_PATHS.contactForm,
  public: true,
  request: z.object({
    subject: text(200),
    contactMethod: z.string().trim().min(3, 'Please give an email address or phone number').max(EMAIL_MAX),
    message: z.string().trim().min(1, 'Please write a message').max(CONTACT_MESSAGE_MAX),
  }),
  response: ok,
});

export const userValidate = defineCall({
  method: 'POST',
  path: ACCESS_PATHS.userValidate,
  public: true,
  request: z.object({ code: z.string().trim().min(1).max(128) }),
  response: z.object({ success: z.literal(true), display_username: z.string() }),
});

/**
 * Another confirmation email for an account not yet confirmed. Answers the same for every address
 * (the email is looked up after the answer), so it cannot be used to find accounts.
 */
export const resendConfirmation = defineCall({
  method: 'POST',
  path: ACCESS_PATHS.resendConfirmation,
  public: true,
  request: z.object({ email: z.string().trim().min(1, 'Enter your email address').max(EMAIL_MAX) }),
  response: ok,
});

export const ping = defineCall({
  method: 'POST',
  path: SESSION_PATHS.ping,
  public: true,
  response: z.object({ success: z.literal(true), role, display_username: z.string() }),
});

export const logout = defineCall({ method: 'POST', path: SESSION_PATHS.logout, public: true, response: ok });

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

export const recoverPassword = defineCall({
  method: 'POST',
  path: ACCESS_PATHS.recoverPassword,
  public: true,
  request: z.object({ email: z.string().trim().max(EMAIL_MAX) }),
  response: ok,
});

export const resetPasswordPrecheck = defineCall({
  method: 'POST',
  path: ACCESS_PATHS.resetPassword,
  public: true,
  query: z.object({ precheck: z.literal('yes') }),
  request: z.object({ username: z.string().trim().max(EMAIL_MAX), code: z.string().trim().max(128) }),
  response: ok,
});

export const resetPassword = defineCall({
  method: 'POST',
  path: ACCESS_PATHS.resetPassword,
  public: true,
  request: z.object({
    username: z.string().trim().max(EMAIL_MAX),
    code: z.string().trim().max(128),
    password: z.string().max(1024),
  }),
  response: ok,
});

/** The Help page's five tutorials, in the order the spec lists them; a video's file is `{id}.mp4`. */
export const TUTORIAL_IDS = [
  'welcome',
  'types-of-report',
  'creating-a-preliminary-report',
  'creating-a-premium-report',
  'customising-branding',
] as const;
export type TutorialId = (typeof TUTORIAL_IDS)[number];

/** The tutorial videos the operator has put online (TUTORIAL_VIDEO_BASE_URL); none when not configured. */
export const tutorialVideos = defineCall({
  method: 'GET',
  path: '/api/tutorialvideos',
  response: z.object({
    success: z.literal(true),
    videos: z.array(z.object({ id: z.enum(TUTORIAL_IDS), url: z.string() })),
  }),
});

export const amplitude = defineCall({
  method: 'GET',
  path: PUBLIC_PATHS.amplitude,
  public: true,
  response: z.object({ success: z.literal(true), enabled: z.boolean(), apiKey: z.string().nullable() }),
});

export const terms = z.object({ title: z.string(), message_html: z.string(), updated_at: z.number().int() });
export const messageOption = z.object({ type: z.literal('button'), label: z.string(), value: z.string() });
export const message = z.object({
  id: rowId,
  title: z.string(),
  message_html: z.string(),
  options: z.array(messageOption),
});

export const checkMessages = defineCall({
  method: 'GET',
  path: '/api/checkmessages',
  response: z.object({
    success: z.literal(true),
    type: z.enum(['NONE', 'TERMS', 'MESSAGE', 'AUTO']),
    terms: z.array(terms),
    /** The newest terms' time; sent back as acceptedTo so later terms are asked for again. */
    updated_at: z.number().int().nullable(),
    message: message.nullable(),
  }),
});

export const answerMessage = defineCall({
  method: 'POST',
  path: '/api/checkmessages',
  request: z.discriminatedUnion('type', [
    z.object({ type: z.literal('TERMS'), acceptTerms: z.literal(true), acceptedTo: z.number().int() }),
    z.object({ type: z.literal('MESSAGE'), id: rowId, response: z.string().max(200) }),
  ]),
  response: ok,
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
  path: '/api/gettingstarted',
  response: z.object({
    success: z.literal(true),
    current_premium_price_pence: z.number().int(),
    current_upgrade_referral_pence: z.number().int(),
    current_recommended_premium_sell_pence: z.number().int(),
  }),
});

/** Which of the terms and the privacy policy the operator has published: pages link to neither while it is missing. */
const policiesPublished = z.object({ terms: z.boolean(), privacy: z.boolean() });

/**
 * Whether this process can serve: its database, Redis (when used) and file storage answer. A missing
 * terms or privacy policy is reported (policies, warnings) but never fails it: the instance serves fine.
 */
export const ready = defineCall({
  method: 'GET',
  path: '/api/ready',
  public: true,
  response: z.object({
    success: z.literal(true),
    database: z.literal('ok'),
    redis: z.enum(['ok', 'not used']),
    storage: z.literal('ok'),
    policies: policiesPublished,
    /** What the operator should fix though the process serves, each with the command that fixes it. */
    warnings: z.array(z.string()),
  }),
});

/** For the sign-up page and the card form: whether there are terms to agree to. */
export const publishedPolicies = defineCall({
  method: 'GET',
  path: PUBLIC_PATHS.policies,
  public: true,
  response: policiesPublished.extend({ success: z.literal(true) }),
});

export const health = defineCall({
  method: 'GET',
  path: '/api/health',
  public: true,
  response: z.object({ success: z.literal(true), database: z.literal('ok') }),
});
