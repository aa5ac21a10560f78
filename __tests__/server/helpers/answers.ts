import { failure, type Failure } from '../../../src/shared/api/define';
import type { ApiResponse } from './test-server';

const describe = (res: ApiResponse<unknown>) => `${res.status} ${JSON.stringify(res.body).slice(0, 500)}`;

/**
 * The body of a call that succeeded, typed as the contract's answer. A refusal fails the test
 * with the status and the server's words, so the failure explains itself.
 */
export function ok<T>(res: ApiResponse<T | Failure>): Exclude<T, Failure> {
  const body = res.body as { success?: unknown } | null;
  if (res.status < 200 || res.status >= 300 || body?.success !== true)
    throw new Error(`expected the call to succeed, it answered ${describe(res)}`);
  return res.body as Exclude<T, Failure>;
}

/** The refusal of a call (status 400 or more): the message and any field errors. */
export function refused(res: ApiResponse<unknown>): Failure {
  const parsed = failure.safeParse(res.body);
  if (res.status < 400 || !parsed.success) throw new Error(`expected the call to be refused, it answered ${describe(res)}`);
  return parsed.data;
}
