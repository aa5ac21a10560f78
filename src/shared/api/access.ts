import { z } from 'zod';
import { ALLOWED_ROLES, CONTACT_MESSAGE_MAX, EMAIL_MAX, NAME_MAX, PHONE_MAX } from '../constants';
import { defineCall, ok, text } from './define';
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
