import type { ZodError } from 'zod';

/** "email: Invalid email address; name: Required" — names the fields so a caller can fix them. */
export function describeZodError(err: ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}
