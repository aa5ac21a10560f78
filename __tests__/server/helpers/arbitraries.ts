import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

/** Values that have broken servers before: past the id range, NUL, blanks, huge strings, wrong types. */
export const HOSTILE_VALUES: readonly unknown[] = [
  2 ** 31,
  2 ** 53 + 1,
  -1,
  0,
  1.5,
  1e308,
  'NaN',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  '\uD800',
  '9'.repeat(40),
  'x'.repeat(20_000),
  ' '.repeat(20_000),
  '<x>'.repeat(1000),
  '../../etc/passwd',
  "' or 1=1 --",
  '%00',
  null,
  true,
  [],
  {},
  [1, 2, 3],
  { __proto__: { polluted: true } },
];

const hostile = fc.constantFrom(...HOSTILE_VALUES);

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, s.maxLength ?? 10_000));
    } catch {
      // A pattern fast-check cannot generate from falls back to plain strings.
    }
  }
  if (s.format === 'email') return fc.emailAddress();
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 60, 200), unit: 'grapheme' });
}

/**
 * Requests a schema accepts, and (with `broken`) ones it should refuse: any value may be swapped
 * for a hostile one, and objects may lose required fields or gain unknown ones.
 */
export function arbitraryOf(schema: JsonSchema, broken: boolean): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, broken);
  return broken ? fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: hostile, weight: 1 }) : valid;
}

function validArbitrary(s: JsonSchema, broken: boolean): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, broken)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return fc.integer({
        min: Math.max(s.minimum ?? -1000, Number.MIN_SAFE_INTEGER),
        max: Math.min(s.maximum ?? 100_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? arbitraryOf(s.items, broken) : fc.anything(), { maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'object': {
      const properties = Object.entries(s.properties ?? {});
      const required = new Set(s.required ?? []);
      const record = fc.record(Object.fromEntries(properties.map(([k, v]) => [k, arbitraryOf(v, broken)])), {
        requiredKeys: broken ? [] : properties.map(([k]) => k).filter((k) => required.has(k)),
      });
      return broken
        ? fc
            .tuple(record, fc.option(fc.dictionary(fc.string({ maxLength: 10 }), hostile, { maxKeys: 2 })))
            .map(([r, extra]) => ({ ...extra, ...r }))
        : record;
    }
    default:
      return broken ? fc.anything() : fc.constant(undefined);
  }
}

/** The JSON schema of what a zod schema accepts as input (transforms and refinements read as "anything"). */
export const inputSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
