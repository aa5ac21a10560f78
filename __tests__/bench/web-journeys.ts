import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer, type AppServer } from '../e2e/helpers/app-server';
import { confirmedAssessor, readyReportViaApi, sessionCookie } from '../e2e/helpers/accounts';
import { DESKTOP, launchBrowser } from '../e2e/helpers/browser';
import { percentile } from './bench-db';
import { recordGoal } from './goals';

const FIXTURE = resolve(__dirname, '../fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
/** Cold loads of each page; navigations of each kind. */
const RUNS = Number(process.env.BENCH_WEB_JOURNEY_RUNS ?? 7);
/** A busy assessor's list: more than a page of reports, so the list draws its full 20 rows. */
const REPORTS = 45;
const COLD_LOAD_GOAL_MS = 600;
const FIRST_VISIT_GOAL_MS = 150;
const REVISIT_GOAL_MS = 50;

/** What shows that each page's data has arrived: its rows, or what it says when it has none. */
const DATA_VISIBLE = {
  '/reports': '.reports-table tbody tr, .reports-empty',
  '/pending': '.premium-table tbody tr, .premium-empty',
  '/earnings': '.earnings-page section',
} as const;
type Measured = keyof typeof DATA_VISIBLE;

/** The side menu's words for each page. */
const MENU_LABEL: Record<Measured, string> = { '/reports': 'Report List', '/pending': 'Pending', '/earnings': 'My Earnings' };

/**
 * Runs in the page before its scripts: notes, in ms since the navigation began, when each page's
 * data is first on screen (the animation frame that paints it) and when the last click was. Text,
 * not a function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const WATCH_FOR_DATA = `(() => {
  const selectors = ${JSON.stringify(DATA_VISIBLE)};
  const bench = { shown: {}, clickAt: 0 };
  window.__bench = bench;
  const look = () => {
    for (const [page, selector] of Object.entries(selectors)) {
      if (bench.shown[page] === undefined && document.querySelector(selector)) {
        bench.shown[page] = -1;
        requestAnimationFrame(() => (bench.shown[page] = performance.now()));
      }
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
  document.addEventListener('click', () => { bench.clickAt = performance.now(); bench.shown = {}; }, true);
})();`;

async function shownAt(page: Page, path: Measured): Promise<number> {
  const handle = await page.waitForFunction(
    (p) => {
      const at = (window as unknown as { __bench: { shown: Record<string, number> } }).__bench.shown[p];
      return at !== undefined && at >= 0 ? at : null;
    },
    path,
    { timeout: 30_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** When the page asked for each API call and each script, in ms since the navigation began. */
async function requestStarts(page: Page): Promise<{ name: string; start: number }[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime }))
      .filter((e) => e.name.startsWith('/api/') || e.name.endsWith('.js')),
  );
}

async function contextWithSession(browser: Browser, app: AppServer, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext(DESKTOP);
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: app.url }]);
  await context.addInitScript(WATCH_FOR_DATA);
  return context;
}

/** An assessor with REPORTS ready reports: one made through the API, the rest copies of its row. */
async function busyAssessor(app: AppServer): Promise<string> {
  const account = await confirmedAssessor(app, { email: 'journeys@example.co.uk' });
  const { reportId } = await readyReportViaApi(app, account, readFileSync(FIXTURE));
  const db = new SQLite(join(app.dataDir, 'epcplus.sqlite'));
  try {
    const columns = (db.prepare('select * from reports where id = ?').get(reportId) as Record<string, unknown>) ?? {};
    const copied = Object.keys(columns).filter((c) => c !== 'id' && c !== 'slug' && c !== 'created_at');
    const copy = db.prepare(
      `insert into reports (${copied.join(', ')}, slug, created_at) select ${copied.join(', ')}, ?, ? from reports where id = ?`,
    );
    for (let i = 1; i < REPORTS; i++) copy.run(`journeys-copy-${i}-0123456789`, Date.now() - i * 60_000, reportId);
  } finally {
    db.close();
  }
  return sessionCookie(app, account);
}

const ms = (x: number) => `${Math.round(x)} ms`;
const summary = (xs: number[]) => `median ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}`;

/** Each page opened RUNS times in a fresh browser context (cache empty) holding only the session cookie. */
async function coldLoads(browser: Browser, app: AppServer, cookie: string): Promise<void> {
  for (const path of Object.keys(DATA_VISIBLE) as Measured[]) {
    const times: number[] = [];
    let starts: { name: string; start: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await contextWithSession(browser, app, cookie);
      try {
        const page = await context.newPage();
        await page.goto(`${app.url}${path}`, { waitUntil: 'commit' });
        times.push(await shownAt(page, path));
        starts = await requestStarts(page);
      } finally {
        await context.close();
      }
    }
    const median = percentile(times, 50);
    console.log(`  cold load ${path.padEnd(10)} data visible ${summary(times)} (goal <= ${COLD_LOAD_GOAL_MS} ms)`);
    const calls = starts.filter((s) => s.name.startsWith('/api/'));
    const scripts = starts.filter((s) => s.name.endsWith('.js'));
    console.log(
      `    its last run asked for ${calls.map((c) => `${c.name} at ${ms(c.start)}`).join(', ')}; ` +
        `${scripts.length} scripts from ${ms(Math.min(...scripts.map((s) => s.start)))} to ${ms(Math.max(...scripts.map((s) => s.start)))}`,
    );
    recordGoal({
      figure: `cold load of ${path}, data visible (median)`,
      goal: `<= ${COLD_LOAD_GOAL_MS} ms`,
      measured: ms(median),
      met: median <= COLD_LOAD_GOAL_MS,
    });
  }
}

async function clickThrough(page: Page, path: Measured): Promise<number> {
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: MENU_LABEL[path], exact: true }).click();
  const shown = await shownAt(page, path);
  const clickAt = await page.evaluate(() => (window as unknown as { __bench: { clickAt: number } }).__bench.clickAt);
  return shown - clickAt;
}

/**
 * Logged in on Getting Started, once the page has settled (what it fetches ahead on idle has
 * arrived), the side menu clicked to pages not visited before, then back to each.
 */
async function navigations(browser: Browser, app: AppServer, cookie: string): Promise<void> {
  const firstVisits: Record<string, number[]> = {};
  const revisits: Record<string, number[]> = {};
  const visited: Measured[] = ['/reports', '/earnings'];
  for (let run = 0; run < RUNS; run++) {
    const context = await contextWithSession(browser, app, cookie);
    try {
      const page = await context.newPage();
      await page.goto(`${app.url}/home`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const path of visited) (firstVisits[path] ??= []).push(await clickThrough(page, path));
      for (const path of visited) (revisits[path] ??= []).push(await clickThrough(page, path));
    } finally {
      await context.close();
    }
  }
  for (const path of visited) {
    const first = percentile(firstVisits[path], 50);
    const again = percentile(revisits[path], 50);
    console.log(`  menu to ${path.padEnd(10)} first visit ${summary(firstVisits[path])} (goal <= ${FIRST_VISIT_GOAL_MS} ms)`);
    console.log(`  menu to ${path.padEnd(10)} visited before ${summary(revisits[path])} (goal <= ${REVISIT_GOAL_MS} ms)`);
    recordGoal({
      figure: `menu to ${path}, first visit (median)`,
      goal: `<= ${FIRST_VISIT_GOAL_MS} ms`,
      measured: ms(first),
      met: first <= FIRST_VISIT_GOAL_MS,
    });
    recordGoal({
      figure: `menu to ${path}, visited before (median)`,
      goal: `<= ${REVISIT_GOAL_MS} ms`,
      measured: ms(again),
      met: again <= REVISIT_GOAL_MS,
    });
  }
}

/**
 * Chromium as a new user has it, against `npm start`'s server on SQLite: cold loads of the
 * logged-in pages with only a session cookie, then clicks in the side menu, each time from the
 * navigation (or the click) to the frame that paints the page's data.
 */
export async function webJourneysBench(): Promise<void> {
  const app = await startAppServer();
  let browser: Browser | undefined;
  try {
    const cookie = await busyAssessor(app);
    browser = await launchBrowser();
    console.log(`  ${RUNS} runs each; an assessor with ${REPORTS} reports; Chromium headless, desktop, no throttling`);
    await coldLoads(browser, app, cookie);
    await navigations(browser, app, cookie);
  } finally {
    await browser?.close();
    await app.stop();
  }
}
