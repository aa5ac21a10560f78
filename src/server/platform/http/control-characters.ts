import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';
import { hasControlCharacter } from '../security/control-characters';

// No field of ours means control characters (security/control-characters.ts lists them):
// terminals and logs misread them, bidirectional overrides make a name read other than it is,
// and PostgreSQL refuses NUL in text (a 500 before). A person can fix what they typed, so text
// from users is refused, never silently changed.
const controlCharactersRefused = (field: string) =>
  `${field ? `The field "${field}"` : 'The request'} contains control characters or invisible formatting characters (such as NUL, an escape or a right-to-left override) that no field accepts. Please remove them and try again.`;

/** Field names are the contract's, at most a few dozen characters; a hostile key is shown cut short. */
const MAX_SHOWN_FIELD = 60;

/**
 * The dotted path of the first string value holding a refused character ('' for the whole body,
 * or the object whose key holds one: the key itself is not repeated back), or null.
 */
function fieldWithControlCharacter(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : null;
  // Bodies are at most 1 MB of JSON; a depth bound keeps a pathological nesting from recursing far.
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  // Keys, not entries: no [key, value] pair is made for each field of every request.
  for (const key of Object.keys(value)) {
    if (hasControlCharacter(key)) return path;
    const found = fieldWithControlCharacter((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const shown = (field: string) => (field.length > MAX_SHOWN_FIELD ? `${field.slice(0, MAX_SHOWN_FIELD)}…` : field);

/** Refused at the edge, before any route, for JSON bodies, query strings and path parameters alike. */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      fieldWithControlCharacter(request.query, '') ??
      fieldWithControlCharacter(request.params, '') ??
      fieldWithControlCharacter(request.body, '');
    done(field !== null ? badRequest(controlCharactersRefused(shown(field))) : undefined);
  });
}
