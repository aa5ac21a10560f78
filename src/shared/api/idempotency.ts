/**
 * The Idempotency-Key request header (IETF draft "The Idempotency-Key HTTP Header Field",
 * https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/): the calls that
 * create or charge (reports, buypremiumreportcheckoutinit, finalisepremiumreport; and
 * sharedreportprepayment's load stage, keyed by the link) take one key per submission, and answer a
 * repeat of the key with the first answer, so a retry after a lost answer never makes a second
 * report or payment. The owner's Pay stage needs none: a report has one open owner payment, which
 * every try reuses.
 *
 * Optional for the server (old clients send none and are served as before); the app always sends
 * it. Its value is the draft's quoted string ("…") or, as Stripe takes it, the bare key: 1 to 255
 * printable ASCII characters. A repeat with another body answers 422; a repeat while the first is
 * still being worked on answers 409; a key is kept for 24 hours.
 *
 * Zod-free: the shared-link page imports it.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key and its answer are kept: a retry comes within seconds, a day covers a laptop closed mid-call. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;

/** The header's value for a key, in the draft's form (a Structured Field string). */
export const idempotencyKeyHeaderValue = (key: string) => `"${key}"`;
