import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const COMMON = ['src/shared', 'package-lock.json', 'tsconfig.json'];

/** What each build makes, and what it is made from: a part is rebuilt when a source is newer. */
const PARTS = [
  {
    name: 'web app',
    script: 'build:web',
    output: 'dist/public/index.html',
    sources: [...COMMON, 'src/client', 'public', 'webpack.config.ts', 'babel.config.js', 'tools/precompress-plugin.ts'],
  },
  { name: 'server', script: 'build:server', output: 'dist/server/main.js', sources: [...COMMON, 'src/server', 'tools/build-server.ts'] },
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), st.mtimeMs);
}

/**
 * `npm start` runs this first (prestart): on a fresh clone, or after a pull, it builds what is
 * older than its sources (the web app, the compiled server); otherwise the server starts at once.
 */
export function buildIfNeeded(): void {
  for (const part of PARTS) {
    const output = join(ROOT, part.output);
    const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
    if (builtAt && builtAt >= Math.max(...part.sources.map((source) => newestMtime(join(ROOT, source))))) continue;
    console.log(`Building the ${part.name} (npm run ${part.script})…`);
    const result = spawnSync('npm', ['run', part.script, '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Building the ${part.name} failed; see the output above.`);
  }
}

if (require.main === module) buildIfNeeded();
