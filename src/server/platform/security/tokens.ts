import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token for a link or a cookie: 256 bits, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * Tokens and emailed codes are stored only as keyed hashes, so a copy of the database
 * cannot be used to log in or reset a password without the server's secret.
 */
export function tokenHasher(secret: string) {
  return (token: string) => createHmac('sha256', secret).update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const INVITE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Ten characters without look-alikes (no i, l, o, 0, 1), shown as xxxxx-xxxxx. */
export function newInviteCode(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');
}
