import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/*
 * The shared-link page's weight budget (120 KB gzip) holds only while its entry never reaches
 * these: the benchmark measures the build, this catches the import that would break it early.
 */
const FORBIDDEN = [
  'zod',
  'react-router',
  'react-router-dom',
  'redux-persist',
  'socket.io-client',
  '@stripe/stripe-js',
  '@stripe/react-stripe-js',
];
const ENTRY = resolve(__dirname, '../../../src/client/shared-link/entry.tsx');

function resolveFile(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && !p.endsWith('/'));
  if (!found) throw new Error(`Cannot resolve ${spec} from ${from}`);
  return found;
}

/** Every module the entry loads at run time: `import type` and `import { type X }`-only lines are erased by the build. */
function walk(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file) || file.endsWith('.css')) return seen;
  const packages: string[] = [];
  seen.set(file, packages);
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?from\s+)?['"]([^'"]+)['"]/gm)) {
    if (m[2]) continue;
    const spec = m[4];
    if (spec.startsWith('.')) walk(resolveFile(file, spec), seen);
    else packages.push(spec);
  }
  return seen;
}

it('loads no zod, router, persistence, socket or Stripe module', () => {
  const offenders = [...walk(ENTRY)].flatMap(([file, pkgs]) =>
    pkgs.filter((p) => FORBIDDEN.some((f) => p === f || p.startsWith(`${f}/`))).map((p) => `${file}: ${p}`),
  );
  expect(offenders).toEqual([]);
  // The walk really reached the pages (and the contract's types, which are erased).
  expect([...walk(ENTRY).keys()].some((f) => f.endsWith('appointment-booking.tsx'))).toBe(true);
});
