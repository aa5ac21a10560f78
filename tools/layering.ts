/**
 * Prints how the server's folders stand on one another: draw every folder as a
 * floor above everything it imports, and count the imports that must point up
 * because two folders (or a longer ring of them) import each other.
 *
 *   npx tsx tools/layering.ts           # summary: floors, upward imports, mutual pairs
 *   npx tsx tools/layering.ts --verbose # also every upward import, file by file
 *   npx tsx tools/layering.ts --check   # exit 1 when over the limit or a domain pair is mutual
 *
 * A folder is a top-level folder of src/server (a domain, `cli`, or the entry
 * files at the root), or one part of `src/server/platform/`. Imports of types
 * only count too: a type import still ties the two folders' designs together.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const MAX_UPWARD_IMPORTS = 10;
const SERVER = resolve(__dirname, '../src/server');
const ROOT_UNIT = '(entry files)';
const verbose = process.argv.includes('--verbose');
const check = process.argv.includes('--check');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function unitOf(file: string): string {
  const parts = relative(SERVER, file).split('/');
  // The bag of shared services every domain receives stands on its own floor, under the domains.
  if (parts.length === 1) return parts[0] === 'deps.ts' ? 'deps' : ROOT_UNIT;
  if (parts[0] === 'platform' && parts.length > 2) return `platform/${parts[1]}`;
  return parts[0];
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* try the next spelling */
    }
  }
  return undefined;
}

interface Import {
  from: string;
  to: string;
  fromUnit: string;
  toUnit: string;
}

const imports: Import[] = [];
for (const file of sourceFiles(SERVER)) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  for (const ref of info.importedFiles) {
    const target = resolveImport(file, ref.fileName);
    if (!target || !target.startsWith(SERVER)) continue;
    const fromUnit = unitOf(file);
    const toUnit = unitOf(target);
    if (fromUnit !== toUnit) imports.push({ from: file, to: target, fromUnit, toUnit });
  }
}

const units = [...new Set(imports.flatMap((i) => [i.fromUnit, i.toUnit]))].sort();
const weight = new Map<string, number>();
for (const i of imports) {
  const key = `${i.fromUnit}\u0000${i.toUnit}`;
  weight.set(key, (weight.get(key) ?? 0) + 1);
}
const w = (a: string, b: string) => weight.get(`${a}\u0000${b}`) ?? 0;

/**
 * Floors are an order of the folders, lowest first. An import from a folder to
 * one on a higher floor points up. The order is found by placing each folder
 * where it adds the fewest upward imports and then moving single folders while
 * that lowers the count (a standard heuristic for the minimum feedback arc set;
 * with no rings it finds an order with none).
 */
function upwardCount(order: string[]): number {
  const floor = new Map(order.map((u, index) => [u, index]));
  return imports.filter((i) => floor.get(i.fromUnit)! < floor.get(i.toUnit)!).length;
}

function bestOrder(): string[] {
  // Start from the rings' topological order (a folder after everything it imports, a ring's
  // folders side by side), then move single folders while that lowers the count.
  const ringOf = new Map<string, string[]>();
  for (const ring of rings()) for (const u of ring) ringOf.set(u, ring);
  let order: string[] = [];
  const placed = new Set<string>();
  const place = (u: string, seen: Set<string>) => {
    if (placed.has(u) || seen.has(u)) return;
    const group = ringOf.get(u) ?? [u];
    group.forEach((g) => seen.add(g));
    for (const g of group) for (const v of units) if (w(g, v) > 0 && !group.includes(v)) place(v, seen);
    for (const g of group) {
      if (placed.has(g)) continue;
      placed.add(g);
      order.push(g);
    }
  };
  for (const u of units) place(u, new Set());
  let best = upwardCount(order);
  for (let improved = true; improved;) {
    improved = false;
    for (const unit of units) {
      const rest = order.filter((u) => u !== unit);
      for (let at = 0; at <= rest.length; at++) {
        const candidate = [...rest.slice(0, at), unit, ...rest.slice(at)];
        const count = upwardCount(candidate);
        if (count < best) {
          best = count;
          order = candidate;
          improved = true;
        }
      }
    }
  }
  return order;
}

/** Folders that reach each other through their imports (Tarjan's strongly connected components). */
function rings(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (u: string) => {
    index.set(u, index.size);
    low.set(u, index.get(u)!);
    stack.push(u);
    for (const v of units.filter((x) => w(u, x) > 0)) {
      if (!index.has(v)) {
        visit(v);
        low.set(u, Math.min(low.get(u)!, low.get(v)!));
      } else if (stack.includes(v)) low.set(u, Math.min(low.get(u)!, index.get(v)!));
    }
    if (low.get(u) === index.get(u)) {
      const ring: string[] = [];
      for (let v = stack.pop()!; ; v = stack.pop()!) {
        ring.push(v);
        if (v === u) break;
      }
      if (ring.length > 1) found.push(ring.sort());
    }
  };
  for (const u of units) if (!index.has(u)) visit(u);
  return found;
}

const order = bestOrder();
const floor = new Map(order.map((u, index) => [u, index]));
const upward = imports.filter((i) => floor.get(i.fromUnit)! < floor.get(i.toUnit)!);
const isDomain = (u: string) => !u.startsWith('platform/') && ![ROOT_UNIT, 'cli', 'deps'].includes(u);
const mutual = units.flatMap((a) => units.filter((b) => a < b && w(a, b) > 0 && w(b, a) > 0).map((b) => [a, b] as const));
const mutualDomains = mutual.filter(([a, b]) => isDomain(a) && isDomain(b));
const platformToDomain = imports.filter((i) => i.fromUnit.startsWith('platform/') && isDomain(i.toUnit));

console.log('Floors, top first:');
for (const unit of [...order].reverse()) console.log(`  ${unit}`);
console.log(`\nImports between folders: ${imports.length}`);
console.log(`Imports running back up: ${upward.length} (limit ${MAX_UPWARD_IMPORTS})`);
console.log(`Pairs of folders importing each other: ${mutual.length}`);
for (const [a, b] of mutual) console.log(`  ${a} <-> ${b} (${w(a, b)} / ${w(b, a)})`);
for (const ring of rings()) console.log(`Ring of folders: ${ring.join(', ')}`);
console.log(`Platform imports of domains: ${platformToDomain.length}`);
if (verbose) {
  const rel = (f: string) => relative(SERVER, f);
  for (const i of [...upward, ...platformToDomain]) console.log(`  ${rel(i.from)} -> ${rel(i.to)}`);
}
if (check && (upward.length > MAX_UPWARD_IMPORTS || mutualDomains.length > 0)) {
  console.error('Layering check failed.');
  process.exit(1);
}
