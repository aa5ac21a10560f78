/**
 * Fields never shown in Redux DevTools: support staff export a user's state and actions, and
 * those must not carry passwords, one-time codes, card payment secrets or session tokens.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'passwordConfirm',
  'code',
  'pi_secret',
  'client_secret',
  'payment_intent_client_secret',
  'cs',
  'token',
]);

export const REDACTED = '[redacted]';

/** A copy of value with every secret field, at any depth, replaced; the input is never changed. */
export function redact<T>(value: T, seen: WeakSet<object> = new WeakSet()): T {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return (value as unknown[]).map((item) => redact(item, seen)) as T;
  const proto: unknown = Object.getPrototypeOf(value);
  // Dates, Errors, Maps and such are not where the app keeps form data; they pass as they are.
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_FIELDS.has(key) && item !== undefined && item !== '' ? REDACTED : redact(item, seen);
  }
  return copy as T;
}

/** Redux DevTools options: on in every build so support can replay a user's session, minus secrets. */
export const devToolsOptions = {
  actionSanitizer: <A>(action: A) => redact(action),
  stateSanitizer: <S>(state: S) => redact(state),
};
