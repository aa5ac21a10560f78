import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { contract } from '../../src/shared/api';
import { rowId, type CallDef } from '../../src/shared/api/define';

const isCall = (v: unknown): v is CallDef => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'response' in v;
const calls: CallDef[] = Object.values(contract).flatMap((area) => Object.values(area as Record<string, unknown>).filter(isCall));

describe('the contract', () => {
  it('puts every call under /api/', () => {
    expect(calls.length).toBeGreaterThan(20);
    for (const call of calls) expect(call.path).toMatch(/^\/api\/[a-z]/);
  });

  it('accepts only 32-bit positive row ids', () => {
    expect(rowId.safeParse(1).success).toBe(true);
    expect(rowId.safeParse(2_147_483_647).success).toBe(true);
    for (const bad of [0, -1, 1.5, 2_147_483_648, 2 ** 40, '1', null]) expect(rowId.safeParse(bad).success).toBe(false);
  });
});

const SRC = resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Relative imports of a file, resolved to paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map((m) => relative(SRC, resolve(file, '..', m[1])));
}

describe('dependency direction', () => {
  it('keeps src/shared free of client and server code', () => {
    for (const file of sourceFiles(join(SRC, 'shared'))) {
      for (const target of importsOf(file))
        expect({ file: relative(SRC, file), target }).toEqual({ file: relative(SRC, file), target: expect.stringMatching(/^shared\//) });
    }
  });

  it('keeps src/server from importing the client', () => {
    for (const file of sourceFiles(join(SRC, 'server'))) {
      for (const target of importsOf(file))
        expect({ file: relative(SRC, file), target }).toEqual({
          file: relative(SRC, file),
          target: expect.not.stringMatching(/^client\//),
        });
    }
  });
});
