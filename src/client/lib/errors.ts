import type { FieldError } from '../../shared/api/define';

/** What RTK Query reports (FetchBaseQueryError, SerializedError) or anything a caller caught. */
type ApiError = unknown;

function body(error: ApiError): { error?: unknown; errors?: unknown } | undefined {
  if (error && typeof error === 'object' && 'data' in error && error.data && typeof error.data === 'object') {
    return error.data;
  }
  return undefined;
}

/** The server's message for a failed call, or a plain sentence when the server was not reached. */
export function errorMessage(error: ApiError): string {
  const message = body(error)?.error;
  if (typeof message === 'string' && message) return message;
  if (error && typeof error === 'object' && 'status' in error && error.status === 'FETCH_ERROR') {
    return 'We could not reach the server. Check your connection and try again.';
  }
  return 'Something went wrong. Please try again.';
}

/** Per-field errors of a failed call, keyed by field name. */
export function fieldErrors(error: ApiError): Record<string, string> {
  const errors = body(error)?.errors;
  if (!Array.isArray(errors)) return {};
  return Object.fromEntries((errors as FieldError[]).map((e) => [e.key, e.error]));
}

export function httpStatus(error: ApiError): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}
