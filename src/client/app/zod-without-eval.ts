import { config } from 'zod';

// zod compiles object parsers with new Function() when it may; the page's Content-Security-Policy
// (script-src 'self', no 'unsafe-eval') forbids that, and zod's probe would be reported as a
// violation on every load. Imported first by the entry, before any schema is built.
config({ jitless: true });
