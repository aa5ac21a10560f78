/**
 * Failures a page tells apart from others (the rest are shown as the server words them). Each is
 * said only to someone who proved something: the right password, or a code we emailed.
 */
export const ACCESS_ERRORS = {
  /** Login with the right password for an account whose email was never confirmed (403). */
  emailNotConfirmed: 'Please confirm your email address first: follow the link in the email we sent you when you registered.',
  /** A confirmation link that was never ours, or was replaced by a newer one (400). */
  confirmLinkInvalid: 'This confirmation link is not valid or has already been used.',
  /** A confirmation link whose account is confirmed already, by it or by a password reset (409). */
  alreadyConfirmed: 'Your email address is already confirmed. Please log in.',
} as const;
