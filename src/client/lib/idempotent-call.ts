import { useState } from 'react';
import { retry, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyHeaderValue } from '../../shared/api/idempotency';

/*
 * The calls that create or charge send an Idempotency-Key (src/shared/api/idempotency.ts): one
 * per submission, so that when an answer is lost the call is sent once more with the same key and
 * the server answers with what it did the first time, never doing it twice. Zod-free: the shared
 * link's payment page uses it.
 */

/** A call's body with the key of the submission it belongs to. */
export interface Keyed<Body> {
  body: Body;
  idempotencyKey: string;
}

/** Only a request that got no answer at all (the connection dropped): a refusal or a failure is an answer. */
const LOST_ANSWER_RETRIES = 1;
const onlyLostAnswers = (error: unknown, _args: unknown, { attempt }: { attempt: number }) =>
  (error as FetchBaseQueryError).status === 'FETCH_ERROR' && attempt <= LOST_ANSWER_RETRIES;

/**
 * An endpoint's queryFn for a keyed call: the request with its key, sent once more with the same
 * key when its answer is lost.
 */
export function keyedCall<Body, Result>(requestOf: (body: Body) => FetchArgs) {
  return async (
    { body, idempotencyKey }: Keyed<Body>,
    api: Parameters<BaseQueryFn>[1],
    extraOptions: object,
    baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>,
  ) => {
    const args = requestOf(body);
    const headers = {
      ...(args.headers as Record<string, string> | undefined),
      [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyHeaderValue(idempotencyKey),
    };
    const sent = retry(baseQuery, { retryCondition: onlyLostAnswers });
    return (await sent({ ...args, headers }, api, extraOptions)) as { data: Result } | { error: FetchBaseQueryError };
  };
}

/** A version 4 UUID; randomUUID needs a secure context, getRandomValues does not (a server on plain http). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key of a form's submission: made when it is first submitted, the same while the same request
 * is sent again (after a lost answer, a press of the button again) so the server does it once,
 * and new once it has succeeded or the request has changed.
 */
export function useSubmissionKey() {
  // One object for the component's life, so effects can name it without running again.
  const [submission] = useState(() => {
    let last: { request: string; key: string } | null = null;
    return {
      keyed<Body>(body: Body): Keyed<Body> {
        const request = JSON.stringify(body);
        if (last?.request !== request) last = { request, key: newKey() };
        return { body, idempotencyKey: last.key };
      },
      succeeded() {
        last = null;
      },
    };
  });
  return submission;
}
