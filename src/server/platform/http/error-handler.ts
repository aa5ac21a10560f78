import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable, noteDatabaseUnreachable } from '../db/database';
import { HttpError } from './http-error';
import { describeZodError } from './zod-message';
import { OUT_OF_SPACE_MESSAGE, OUT_OF_SPACE_STATUS, isOutOfSpace } from '../storage/out-of-space';

const KNOWN_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Requests must be sent as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/** One error handler: clear 4xx messages for callers, 5xx details only in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError, request, reply) => {
    if (err instanceof HttpError) {
      return reply
        .status(err.statusCode)
        .send({ ...err.details, success: false, error: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (err instanceof ZodError) {
      return reply.status(400).send({ success: false, error: describeZodError(err) });
    }
    if (isDatabaseUnreachable(err)) {
      // Not a fault of ours or the caller's: logged once for the outage, not once a request.
      noteDatabaseUnreachable(request.server.hasDecorator('deps') ? request.server.deps.db : undefined, err, 'requests');
      return reply.status(503).header('Retry-After', '5').send({ success: false, error: DATABASE_UNREACHABLE });
    }
    if (isOutOfSpace(err)) {
      // Logged at error level, so the message's "the operators have been told" is true (alerts watch that level).
      request.log.error({ err }, 'out of storage space: a write was refused');
      return reply.status(OUT_OF_SPACE_STATUS).send({ success: false, error: OUT_OF_SPACE_MESSAGE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (err.code && KNOWN_CLIENT_ERRORS[err.code]) ||
        (err.code === 'FST_ERR_RATE_LIMITED' ? err.message : null) ||
        'The request could not be understood.';
      return reply.status(status).send({ success: false, error: message });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ success: false, error: 'Something went wrong on our side. Please try again in a moment.' });
  });
}

/** The answer for a path nothing serves; the web app's fallback (web-app.ts) uses it for /api/ and files. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ success: false, error: `There is no ${request.method} ${request.url.split('?')[0]}.` });
}
