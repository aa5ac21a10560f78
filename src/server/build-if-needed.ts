import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src/client', 'src/shared', 'public', 'webpack.config.ts', 'babel.config.js', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), st.mtimeMs);
}

/** `npm start` on a fresh clone (or after a pull) builds the web app first; otherwise it starts at once. */
export function buildWebAppIfNeeded(webRoot: string): void {
  const index = join(webRoot, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt && builtAt >= Math.max(...SOURCES.map(newestMtime))) return;
  console.log('Building the web app (npm run build)…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the web app failed; see the output above.');
}
