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

/** Every module the entry loads at run time, statically or through import(): `import type` lines are erased by the build. */
function walk(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file) || file.endsWith('.css')) return seen;
  const packages: string[] = [];
  seen.set(file, packages);
  const source = readFileSync(file, 'utf8');
  const specs = [
    ...[...source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?from\s+)?['"]([^'"]+)['"]/gm)].filter((m) => !m[2]).map((m) => m[4]),
    // Eager import() too: the entry loads its store and pages that way, from its own scripts (a lazy chunk is not the entry's).
    ...[...source.matchAll(/\bimport\(\s*\/\*\s*webpackMode: "eager"\s*\*\/\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
  ];
  for (const spec of specs) {
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
