import type { FieldError } from '../../../shared/api/define';

/** A failure the caller should see: its status, a sentence for a person, and per-field problems. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** More fields of the answer, for a failure its contract describes (sharedreport's assessor card). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorised = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message);
/** Another user's resource gets the same answer as a missing one. */
export const notFound = (message = 'Not found.') => new HttpError(404, message);
