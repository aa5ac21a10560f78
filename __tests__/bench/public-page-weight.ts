import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What a phone downloads for the login page: the scripts index.html names plus the login chunk, gzipped. */
export function publicPageWeight(webRoot: string): void {
  const index = join(webRoot, 'index.html');
  if (!existsSync(index)) throw new Error(`No build at ${webRoot}: run npm run build first.`);
  const html = readFileSync(index, 'utf8');
  const entry = [...html.matchAll(/<script[^>]+src="?\/?([^" >]+\.js)/g)].map((m) => m[1]);
  const login = readdirSync(webRoot).filter((f) => /^login\.[0-9a-f]+\.js$/.test(f));
  let total = 0;
  for (const file of [...entry, ...login]) {
    const size = gzipSync(readFileSync(join(webRoot, file)), { level: 9 }).length;
    total += size;
    console.log(`  ${file.padEnd(40)} ${kb(size)} gzip`);
  }
  console.log(`login page JavaScript: ${kb(total)} gzip in ${entry.length + login.length} files`);
}
