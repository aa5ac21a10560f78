import { z } from 'zod';

/**
 * Readers of environment variables, each a zod schema from the variable's text. A refusal names
 * the variable, says what it must be and repeats what was given, so an operator can fix every
 * bad setting from one start-up's message.
 */

/** An environment variable as text: unset, empty or only spaces all mean unset; spaces around a value are dropped. */
export const text = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** A variable read by `rule` when set; unset, the result is undefined (add `.default()` for another value). */
export function setting<T extends z.ZodType<unknown, string>>(rule: T) {
  return text.pipe(rule.optional());
}

/** A variable read by `rule` when set, else null. */
export function orNull<T extends z.ZodType<unknown, string>>(rule: T) {
  return setting(rule).transform((v) => v ?? null);
}

/**
 * A refusal as an operator reads it, `NAME must be REQUIREMENT, got "value"`: zod's own wording
 * would name its checks, not the variable. It does not abort: an abort would also skip the
 * checks across variables (S3, backups), hiding their refusals until this one is fixed.
 */
export function refusal(name: string, requirement: string) {
  return { error: (issue: { input?: unknown }) => `${name} must be ${requirement}, got "${String(issue.input)}"` };
}

/** `rule` as one requirement: whatever it refuses, the one refusal above. */
export function mustBe<T extends z.ZodType<unknown, string>>(name: string, requirement: string, rule: T) {
  return z
    .string()
    .refine((v) => rule.safeParse(v).success, refusal(name, requirement))
    .pipe(rule);
}

/**
 * A whole number within its range. It is read as Number() reads it, so 1e3 is 1000; a fraction,
 * anything else, or a number beyond the range is refused with the range and what it counts (`unit`).
 */
export function wholeNumber(name: string, range: { min: number; max?: number; unit?: string }) {
  const bounds =
    range.max !== undefined ? `from ${range.min} to ${range.max}` : range.min === 0 ? '(0 or more)' : `(at least ${range.min})`;
  const number = z.coerce
    .number<string>()
    .int()
    .min(range.min)
    .max(range.max ?? Number.MAX_SAFE_INTEGER);
  return mustBe(name, `a whole number ${range.unit ? `of ${range.unit} ` : ''}${bounds}`, number);
}

/** Anything new URL() reads as an address, else `NAME must be an address such as EXAMPLE`. */
export function address(name: string, example: string) {
  return z.url({
    error: (issue) => `${name} must be an address such as ${example}, got "${String(issue.input)}"`,
  });
}

/** An address on http or https that also meets `also` (no query, no path, …). */
export function webAddress(also: (url: URL) => boolean = () => true) {
  return z.url().refine((v) => {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && also(url);
  });
}

/** Exactly true or false, as written. */
export const trueOrFalse = z.stringbool({ truthy: ['true'], falsy: ['false'], case: 'sensitive' });

export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

/**
 * What `schema` reads from `env`, or an Error naming every bad setting at once, one a line:
 * the entry points print it and stop.
 */
export function readSettings<T>(schema: z.ZodType<T>, env: NodeJS.ProcessEnv): T {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
  });
  throw new Error(['Invalid settings:', ...new Set(lines)].join('\n  '));
}
