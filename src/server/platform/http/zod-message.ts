import type { ZodError } from 'zod';

/**
 * "email: Invalid email address; name: Required" — names the fields so a caller can fix them. A
 * message the contract words as a whole sentence (such as 'Email template must be 1000
 * characters long or shorter.') already says which field it is about and is shown as written.
 */
export function describeZodError(err: ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (i.path.length && !i.message.endsWith('.') ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}
