import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';

/** PostgreSQL text cannot hold U+0000; refused up front, it would otherwise fail as a 500 in the database. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}

/** Calls take JSON bodies only (uploads have their own signed address and parser). */
export function registerJsonOnly(app: FastifyInstance): void {
  // A cross-site form can post text/plain without a preflight, so that parser goes.
  app.removeContentTypeParser('text/plain');
  // A call without fields (ping, logout) may send an empty JSON body; the default parser refuses it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, {});
    void parseJson(request, body as string, (err, value) => {
      if (err) return done(err, undefined);
      // A raw NUL is not valid JSON, so only a body with the escape \u0000 can carry one.
      if ((body as string).includes('\\u0000') && containsNul(value))
        return done(badRequest('Text must not contain NUL characters.'), undefined);
      done(null, value);
    });
  });
}
