import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/*
 * What `npm run build` leaves in dist/ (the e2e run builds first): the login page's first scripts
 * hold only what it runs, every text file has its compressed copies, and the server is there as
 * JavaScript for `npm start` to run with node.
 */
const DIST = resolve(__dirname, '../../dist');
const WEB = join(DIST, 'public');
// A string zod's minified code keeps (its base schema class's name); absent from our own code.
const ZOD_MARKER = '"$ZodType"';

const entryScripts = (page: string) =>
  [...readFileSync(join(WEB, page), 'utf8').matchAll(/<script[^>]+src="?\/?([^" >]+\.js)/g)].map((m) => m[1]);

test("the app's first scripts (login page) carry no zod; a lazy chunk does", () => {
  const entry = entryScripts('index.html');
  expect(entry.length).toBeGreaterThan(0);
  const withZod = (file: string) => readFileSync(join(WEB, file), 'utf8').includes(ZOD_MARKER);
  expect(entry.filter(withZod)).toEqual([]);
  // The marker is real: the pages that validate forms still load zod, from a chunk of their own.
  const lazy = readdirSync(WEB).filter((f) => f.endsWith('.js') && !entry.includes(f));
  expect(lazy.some(withZod)).toBe(true);
});

test("zod's messages come in English only: the other locales stay out of the chunk every logged-in page loads", () => {
  const scripts = readdirSync(WEB).filter((f) => f.endsWith('.js'));
  const holding = (text: string) => scripts.filter((f) => readFileSync(join(WEB, f), 'utf8').includes(text));
  // zod's English message for a bad value, and its German and Polish ones.
  expect(holding('Invalid input').length).toBeGreaterThan(0);
  expect(holding('Ungültige Eingabe')).toEqual([]);
  expect(holding('Nieprawidłowe dane wejściowe')).toEqual([]);
});

test('every script, stylesheet and page has a brotli and a gzip copy beside it', () => {
  const text = readdirSync(WEB).filter((f) => /\.(js|css|html)$/.test(f));
  expect(text.length).toBeGreaterThan(10);
  const missing = text.flatMap((f) => ['br', 'gz'].filter((ext) => !existsSync(join(WEB, `${f}.${ext}`))).map((ext) => `${f}.${ext}`));
  expect(missing).toEqual([]);
});

test('the server is compiled to JavaScript beside its data files', () => {
  expect(existsSync(join(DIST, 'server/main.js'))).toBe(true);
  expect(existsSync(join(DIST, 'server/data/improvement-codes.csv'))).toBe(true);
  expect(readdirSync(join(DIST, 'server'), { recursive: true }).filter((f) => String(f).endsWith('.ts'))).toEqual([]);
});
