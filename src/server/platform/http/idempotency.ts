import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { CallDef } from '../../../shared/api/define';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TTL_MS } from '../../../shared/api/idempotency';
import { randomToken } from '../security/tokens';
import { badRequest, HttpError } from './http-error';

/*
 * Idempotency-Key for the calls that create or charge (src/shared/api/idempotency.ts), after the
 * IETF draft (https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/) and
 * Stripe's idempotent requests (https://docs.stripe.com/api/idempotent_requests).
 *
 * A key is claimed before the work starts, in a row of its own, so a concurrent repeat sees it
 * and answers 409. The work records its answer on that row inside its own transaction (keep), so
 * the work and the answer commit together or not at all: after a kill -9 either both are there
 * (a retry gets the answer) or neither is (a retry does the work). A claim whose attempt died
 * before answering is taken over by a retry once it is older than ATTEMPT_LOST_AFTER_MS; an
 * answer can only be recorded by the attempt holding the claim, so of a slow first attempt and
 * the retry that took over, one commits its work and the other rolls back. A failed attempt
 * (its work rolled back) gives the key up, so a retry does the work again.
 */

export const IDEMPOTENCY_KEY_INVALID = `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters.`;
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Please send a new key with a new request.';
export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed. Please try again in a moment.';

/**
 * How long a repeat is told the first is still under way before it takes over (that attempt's
 * process may have died). Safe however short: only the attempt holding the key can record its
 * answer, so of two attempts one's work stands and the other's rolls back.
 */
export const ATTEMPT_LOST_AFTER_MS = 30_000;
/** Stripe's header for an answer sent again (https://docs.stripe.com/api/idempotent_requests). */
const REPLAYED_HEADER = 'idempotent-replayed';

/** What the work of a call sees of its key. */
export interface Idempotency {
  /** Inside the work's last transaction: records the answer with the work, so both commit or neither does. */
  keep(tx: Db, answer: object): Promise<void>;
  /** Inside a transaction of work that goes on after it (a Stripe call): how far it got, for a retry to go on from. */
  note(tx: Db, progress: string): Promise<void>;
  /** What an earlier attempt with this key noted before it was lost, or null. */
  readonly progress: string | null;
}

/** No key sent: the call works as it did before keys. */
export const WITHOUT_KEY: Idempotency = { keep: async () => {}, note: async () => {}, progress: null };

/** Whose keys these are: a user's, or a shared link's (its owner has no account). */
export const userScope = (userId: number) => `user:${userId}`;
export const linkScope = (reportId: number) => `link:${reportId}`;

// Printable ASCII, in the draft's quoted form (no quote or backslash inside) or bare as Stripe takes it.
const QUOTED_KEY = /^"([ !#-[\]-~]{1,255})"$/;
const BARE_KEY = /^[ -~]{1,255}$/;

/** The key the request carries, null for none; a malformed one is a 400. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string') throw badRequest(IDEMPOTENCY_KEY_INVALID);
  const quoted = QUOTED_KEY.exec(value);
  if (quoted) return quoted[1];
  if (value.startsWith('"') || !BARE_KEY.test(value)) throw badRequest(IDEMPOTENCY_KEY_INVALID);
  return value;
}

const fingerprintOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

interface CallOfKey {
  call: CallDef;
  scope: string;
  /** The request as the call's schema read it (trimmed, defaults filled): the same request gives the same fingerprint. */
  body: unknown;
}

/**
 * Runs a call's work once per Idempotency-Key: the first request with a key does the work, and a
 * repeat is answered with the first's answer (status and body) without doing it again.
 */
export async function idempotent<T extends object>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  { call, scope, body }: CallOfKey,
  work: (idempotency: Idempotency) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (key === null) return work(WITHOUT_KEY);
  const row = { scope, call_name: call.path, idempotency_key: key };
  const fingerprint = fingerprintOf(body);
  const claim = await claimKey(db, row, fingerprint);
  if ('answer' in claim) {
    reply.status(claim.status).header(REPLAYED_HEADER, 'true');
    return claim.answer as T;
  }

  const { attempt } = claim;
  /** The key's row while this attempt holds it and has not answered. */
  const heldBy = (tx: Db) =>
    tx
      .updateTable('idempotency_keys')
      .where('scope', '=', scope)
      .where('call_name', '=', row.call_name)
      .where('idempotency_key', '=', key)
      .where('attempt', '=', attempt)
      .where('answer_status', 'is', null);
  let kept = false;
  const idempotency: Idempotency = {
    progress: claim.progress,
    async keep(tx, answer) {
      const result = await heldBy(tx)
        .set({ answer_status: reply.statusCode, answer_body: JSON.stringify(answer) })
        .executeTakeFirst();
      // A retry took over from this attempt: its work is the one that stands, and this one rolls back.
      if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
      kept = true;
    },
    async note(tx, progress) {
      const result = await heldBy(tx).set({ progress }).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
    },
  };

  let answer: T;
  try {
    answer = await work(idempotency);
  } catch (err) {
    // Nothing the work did stands (its transactions rolled back, or it undid them): the key is free for a retry.
    await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('call_name', '=', row.call_name)
      .where('idempotency_key', '=', key)
      .where('attempt', '=', attempt)
      .where('answer_status', 'is', null)
      .execute()
      .catch((releaseError: unknown) => request.log.error({ err: releaseError }, 'could not give up an idempotency key'));
    throw err;
  }
  // Work that is idempotent by its own means (a Stripe call with its own key) answers after its
  // transactions: recorded now. Were it taken over meanwhile, the retry answers the same.
  if (!kept)
    await idempotency.keep(db, answer).catch((err: unknown) => {
      if (!(err instanceof HttpError)) throw err;
    });
  return answer;
}

type Claim = { attempt: string; progress: string | null } | { status: number; answer: unknown };

/** Claims the key for this attempt, or answers what an earlier request with it got. */
async function claimKey(db: Db, row: { scope: string; call_name: string; idempotency_key: string }, fingerprint: string): Promise<Claim> {
  const now = Date.now();
  // Lazily, on every claim, so the table holds a day of keys at most.
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', now - IDEMPOTENCY_KEY_TTL_MS)
    .execute();
  const attempt = randomToken(16);
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      ...row,
      fingerprint,
      attempt,
      attempt_started_at: now,
      progress: null,
      answer_status: null,
      answer_body: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['scope', 'call_name', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { attempt, progress: null };

  const earlier = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', row.scope)
    .where('call_name', '=', row.call_name)
    .where('idempotency_key', '=', row.idempotency_key)
    .executeTakeFirst();
  // Given up by its attempt between the insert and this read: as good as in progress, and free in a moment.
  if (!earlier) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
  if (earlier.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
  if (earlier.answer_status !== null && earlier.answer_body !== null)
    return { status: earlier.answer_status, answer: JSON.parse(earlier.answer_body) as unknown };
  if (earlier.attempt_started_at > now - ATTEMPT_LOST_AFTER_MS) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
  // The earlier attempt was lost: this one takes over, from where it got to.
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ attempt, attempt_started_at: now })
    .where('scope', '=', row.scope)
    .where('call_name', '=', row.call_name)
    .where('idempotency_key', '=', row.idempotency_key)
    .where('attempt', '=', earlier.attempt)
    .where('answer_status', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
  return { attempt, progress: earlier.progress };
}
