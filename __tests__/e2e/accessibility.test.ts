import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startAppServer, type AppServer } from './helpers/app-server';
import { confirmedAssessor, readyReportViaApi, sessionCookie } from './helpers/accounts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './helpers/browser';

const LIGHTHOUSE = resolve(__dirname, '../../node_modules/.bin/lighthouse');
const FIXTURE = resolve(__dirname, '../fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
const MINIMUM_SCORE = 95;

interface LighthouseReport {
  categories: { accessibility: { score: number | null; auditRefs: { id: string }[] } };
  audits: Record<string, { score: number | null; title: string }>;
  runtimeError?: { message: string };
  finalDisplayedUrl: string;
}

let app: AppServer;
let work: string;
let cookie: string;
let sharePath: string;

beforeAll(async () => {
  app = await startAppServer({}, { host: '127.0.0.1' });
  work = mkdtempSync(join(tmpdir(), 'epcplus-lighthouse-'));
  const assessor = await confirmedAssessor(app);
  cookie = await sessionCookie(app, assessor);
  sharePath = new URL((await readyReportViaApi(app, assessor, readFileSync(FIXTURE))).shareUrl).pathname;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Lighthouse 12's accessibility audit of a page in Debian's Chromium, as mobile (its default). */
async function accessibilityOf(path: string, headers: Record<string, string> = {}) {
  const output = join(work, `${path.replace(/\W+/g, '-')}.json`);
  await promisify(execFile)(
    LIGHTHOUSE,
    [
      `${app.url}${path}`,
      '--only-categories=accessibility',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ...(Object.keys(headers).length ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: 110_000 },
  );
  const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
  if (report.runtimeError) throw new Error(`Lighthouse could not audit ${path}: ${report.runtimeError.message}`);
  const failing = report.categories.accessibility.auditRefs
    .map((ref) => ({ id: ref.id, ...report.audits[ref.id] }))
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id}: ${audit.title}`);
  return {
    score: Math.round((report.categories.accessibility.score ?? 0) * 100),
    failing,
    shown: new URL(report.finalDisplayedUrl).pathname,
  };
}

test.each([
  ['the login page', () => '/', () => ({})],
  ['the Report List', () => '/reports', () => ({ Cookie: cookie })],
  ["the owner's shared landing", () => sharePath, () => ({})],
])(`Lighthouse accessibility of %s is at least ${MINIMUM_SCORE}`, async (_name, path, headers) => {
  const { score, failing, shown } = await accessibilityOf(path(), headers());
  // The page audited is the page asked for, not a login page it was sent to.
  expect(shown).toBe(path());
  // The failing audits travel with the score, so a drop says what to fix.
  expect({ score: score >= MINIMUM_SCORE ? 'passes' : score, failing: score >= MINIMUM_SCORE ? 'n/a' : failing }).toEqual({
    score: 'passes',
    failing: 'n/a',
  });
});
