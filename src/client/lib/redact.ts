/**
 * What Redux DevTools may show. Support staff export a user's state and actions and load them
 * into a fresh store to see what the user saw, so redaction hides what is secret and nothing
 * else: passwords, invite and one-time codes, card payment secrets, upload addresses and the
 * signatures of file addresses go; measure codes, names, lists and steps stay. The session itself
 * is an HttpOnly cookie the app never holds, so no session token can reach the store.
 */

/** Fields that hold a secret wherever they appear. */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'passwordConfirm',
  'inviteCode',
  'pi_secret',
  'client_secret',
  'payment_intent_client_secret',
  /** The wizard's card payment secret (buypremiumreportcheckoutinit). */
  'cs',
  'token',
  /** An upload address works, once, for whoever has it. */
  'upload_to',
]);

/**
 * The calls whose `code` is a one-time secret (email confirmation, password reset). Anywhere else
 * a field called `code` is not a secret: a measure's improvement code, a voucher code shown to
 * the owner, a discount code.
 */
const ONE_TIME_CODE_CALLS: ReadonlySet<string> = new Set(['userValidate', 'resetPasswordPrecheck', 'resetPassword']);

export const REDACTED = '[redacted]';

const FILE_PATH = '/api/files/';
const UPLOAD_PATH = '/api/uploads/';

/**
 * A signed file address keeps its path (which file it was is useful to support) and loses its
 * signature; an upload address loses its token. Plain string scans: no pattern sees user data.
 */
function redactAddress(text: string): string {
  const file = text.indexOf(FILE_PATH);
  if (file >= 0) {
    const query = text.indexOf('?', file);
    return query >= 0 ? `${text.slice(0, query)}?[signature redacted]` : text;
  }
  const upload = text.indexOf(UPLOAD_PATH);
  return upload >= 0 ? `${text.slice(0, upload + UPLOAD_PATH.length)}${REDACTED}` : text;
}

const isSecret = (item: unknown) => item !== undefined && item !== '';

/** An RTK Query cache entry or action argument ({ endpointName, originalArgs }) of a call that sends a one-time code. */
function sendsOneTimeCode(value: Record<string, unknown>): boolean {
  return typeof value.endpointName === 'string' && ONE_TIME_CODE_CALLS.has(value.endpointName);
}

/**
 * Copies already made, per object and per context: an object the state holds in two places is
 * redacted in both (returning the original the second time would leak it), and a loop ends.
 */
interface Copies {
  plain: Map<object, unknown>;
  oneTimeCode: Map<object, unknown>;
}

function redactIn<T>(value: T, copies: Copies, oneTimeCode: boolean): T {
  if (typeof value === 'string') return redactAddress(value) as T;
  if (value === null || typeof value !== 'object') return value;
  const made = oneTimeCode ? copies.oneTimeCode : copies.plain;
  if (made.has(value)) return made.get(value) as T;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    made.set(value, out);
    for (const item of value as unknown[]) out.push(redactIn(item, copies, oneTimeCode));
    return out as T;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  // Dates, Errors, Maps and such are not where the app keeps form data; they pass as they are.
  if (proto !== Object.prototype && proto !== null) return value;
  const record = value as Record<string, unknown>;
  const codes = oneTimeCode || sendsOneTimeCode(record);
  const copy: Record<string, unknown> = {};
  made.set(value, copy);
  for (const [key, item] of Object.entries(record)) {
    const secret = SECRET_FIELDS.has(key) || (codes && key === 'code');
    copy[key] = secret && isSecret(item) ? REDACTED : redactIn(item, copies, codes);
  }
  return copy as T;
}

/** A copy of value with every secret, at any depth, replaced; the input is never changed. */
export function redact<T>(value: T): T {
  return redactIn(value, { plain: new Map(), oneTimeCode: new Map() }, false);
}

/** Redux DevTools options: on in every build so support can replay a user's session, minus secrets. */
export const devToolsOptions = {
  actionSanitizer: <A>(action: A) => redact(action),
  stateSanitizer: <S>(state: S) => redact(state),
};
