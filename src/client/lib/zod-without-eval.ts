import { config } from 'zod/v4';

// zod compiles object parsers with new Function() when it may; the page's Content-Security-Policy
// (script-src 'self', no 'unsafe-eval') forbids that, and zod's probe would be reported as a
// violation on every load. The web build resolves every `import … from 'zod'` to this module
// (webpack.config.ts), so the setting comes with zod itself, in whichever lazy chunk loads it
// first, and the login page's entry carries no zod at all.
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
