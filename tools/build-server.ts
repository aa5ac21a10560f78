import { cpSync, readdirSync, rmSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(__dirname, '..');
/** The server and the contract it shares with the web app; each keeps its place under dist/. */
const TREES = ['src/server', 'src/shared'];
export const SERVER_OUT = join(ROOT, 'dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Compiles the server to plain JavaScript in dist/server and dist/shared, one .js file per .ts
 * file (not a bundle), and copies the data files beside them. Paths relative to a module
 * (`__dirname`: the survey sample, the improvement codes, a worker thread's entry file) hold in
 * dist/ as they do in src/. esbuild is what tsx runs the sources with, so the code behaves
 * alike under `npm run dev` and `npm start`; `npm run typecheck` is where types are checked.
 */
export async function buildServer(): Promise<void> {
  for (const tree of TREES) rmSync(join(SERVER_OUT, relative('src', tree)), { recursive: true, force: true });
  const files = TREES.flatMap((tree) => filesUnder(join(ROOT, tree)));
  await build({
    entryPoints: files.filter((file) => extname(file) === '.ts'),
    outdir: SERVER_OUT,
    outbase: join(ROOT, 'src'),
    bundle: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    tsconfig: join(ROOT, 'tsconfig.json'),
    logLevel: 'warning',
  });
  for (const file of files.filter((f) => extname(f) !== '.ts' && !f.endsWith('.md'))) {
    cpSync(file, join(SERVER_OUT, relative(join(ROOT, 'src'), file)));
  }
}

if (require.main === module) {
  buildServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
