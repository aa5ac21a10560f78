import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';
import { hasControlCharacter as textHasControlCharacter } from '../security/control-characters';

// No field of ours means control characters, terminals and logs misread them, and PostgreSQL
// refuses NUL in text (a 500 before).
export const CONTROL_CHARACTERS_REFUSED =
  'The request contains control characters (such as NUL) that no field accepts. Please remove them and try again.';

function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return textHasControlCharacter(value);
  // Bodies are at most 1 MB of JSON; a depth bound keeps a pathological nesting from recursing far.
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (textHasControlCharacter(key) || hasControlCharacter(item, depth + 1)) return true;
  }
  return false;
}

/** Refused at the edge, before any route, for JSON bodies, query strings and path parameters alike. */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const refused = hasControlCharacter(request.query) || hasControlCharacter(request.params) || hasControlCharacter(request.body);
    done(refused ? badRequest(CONTROL_CHARACTERS_REFUSED) : undefined);
  });
}
