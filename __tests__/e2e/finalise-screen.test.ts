import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { PRIORITY_LABELS } from '../../src/shared/constants';
import { formatPoundRange, parseCostRange } from '../../src/shared/money';
import { parseSurvey } from '../../src/server/surveys/epc/parse-survey';
import { measuresFrom } from '../../src/server/surveys/epc/measures';
import { PLAN_NAMES } from '../../src/server/premium/plans';
import { newPage, PHONE, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, logIn, type Account } from './helpers/accounts';
import { premiumReportToPayment } from './helpers/reports';

// A Scottish survey with nine improvements: two of its computed plans hold the same eight measures.
const FIXTURE = resolve(__dirname, '../fixtures/epc/RdSAP-Schema-S-18.0__epc.xml');
const measures = measuresFrom(parseSurvey(readFileSync(FIXTURE)));
const DESKTOP_800 = { viewport: { width: 1280, height: 800 } };
/** Issue 33: the finalise screen of a survey with nine measures fits in this height on a desktop. */
const MOST_HEIGHT = 1600;

const journey = useJourney();
let assessor: Account;
let finaliseUrl: string;

beforeAll(async () => {
  assessor = await confirmedAssessor(journey.app);
  journey.app.cli('credits', 'grant', assessor.email, '1');
}, 120_000);

/**
 * The owner's purchase, as the payment webhook records it: bought on the owner's link with their
 * email and priority. Written straight to the database so this test does not depend on a card
 * payment (the payment journeys test that); the report itself was bought with the assessor's credit.
 */
function ownerBoughtIt(priority: keyof typeof PRIORITY_LABELS) {
  const db = new SQLite(join(journey.app.dataDir, 'epcplus.sqlite'));
  try {
    const changed = db
      .prepare("UPDATE purchases SET buyer = 'owner', email = 'owner@example.com', priority = ? WHERE premium_report_id IS NOT NULL")
      .run(priority).changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
}

const documentHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test('on a desktop the finalise screen of nine measures fits in 1 600 px: priority first, identical plans merged, names not codes', async () => {
  const { page, context } = await newPage(journey.browser, DESKTOP_800);
  await logIn(page, journey.app, assessor);

  await step(page, 'finalise-screen-buy', async () => {
    await premiumReportToPayment(page, { xmlFile: FIXTURE });
    await page.getByRole('button', { name: 'Use one of my free premium credits' }).click();
    const edit = page.getByRole('link', { name: 'Edit Premium Report' });
    await edit.waitFor();
    ownerBoughtIt('getToC');
    await edit.click();
    await page.getByRole('heading', { name: 'Finalise Premium Report' }).waitFor();
    finaliseUrl = page.url();
  });

  await step(page, 'finalise-screen-desktop', async () => {
    const measuresHeading = page.getByRole('heading', { name: 'Measures found in the survey' });
    await measuresHeading.waitFor();
    expect(measures).toHaveLength(9);

    // The owner's priority, above everything the assessor chooses.
    const priority = page.getByRole('note', { name: "The owner's priority" });
    await expect(priority.textContent()).resolves.toContain(`The owner's priority: ${PRIORITY_LABELS.getToC}`);
    expect((await priority.boundingBox())!.y).toBeLessThan((await measuresHeading.boundingBox())!.y);

    // Measures by name, in the survey's order; no column of register codes.
    const table = page.locator('table.premium-measures');
    expect(await table.getByRole('rowheader').allTextContents()).toEqual(measures.map((m) => m.name));
    expect(await table.getByRole('columnheader').allTextContents()).not.toContain('Code');
    const cells = await table.locator('td').allTextContents();
    for (const { code } of measures) expect(cells).not.toContain(code);

    // Highest EPC and largest CO2 cut hold the same eight measures in the same order: one card names both.
    const cards = page.locator('article.premium-plan');
    const merged = cards.filter({ hasText: PLAN_NAMES.highestEpc });
    await expect(merged.count()).resolves.toBe(1);
    expect(await merged.locator('.premium-plan-name').allTextContents()).toEqual([PLAN_NAMES.highestEpc, PLAN_NAMES.largestCo2Cut]);
    expect(await page.locator('.premium-plan-name').allTextContents()).toEqual([
      PLAN_NAMES.cheapestToC,
      PLAN_NAMES.highestEpc,
      PLAN_NAMES.largestCo2Cut,
      PLAN_NAMES.allRecommended,
    ]);
    // The cheapest route to C leads, as the owner's priority asks, and the three cards sit side by side.
    await expect(cards.first().textContent()).resolves.toContain("Answers the owner's priority");
    const tops = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);

    // The custom plan's cost and rating add up as the assessor picks, with a pound sign.
    await page.getByRole('switch', { name: 'Add a custom plan of your own' }).check();
    const picker = page.getByRole('group', { name: /Measures in the custom plan/ });
    const [first, second] = measures;
    await picker.getByRole('checkbox', { name: first.name, exact: true }).check();
    await picker.getByRole('checkbox', { name: second.name, exact: true }).check();
    const [a, b] = [parseCostRange(first.implementationCost)!, parseCostRange(second.implementationCost)!];
    const custom = cards.filter({ has: page.getByRole('heading', { name: 'Custom plan' }) });
    await custom.getByText(formatPoundRange(a.low + b.low, a.high + b.high), { exact: true }).waitFor();
    await expect(custom.textContent()).resolves.not.toContain('Not known');

    const height = await documentHeight(page);
    expect(height).toBeLessThan(MOST_HEIGHT);
  });
  await context.close();
});

test('on a phone the plans are tabs, one plan shown at a time', async () => {
  const { page, context } = await newPage(journey.browser, PHONE);
  await logIn(page, journey.app, assessor);
  await step(page, 'finalise-screen-phone', async () => {
    await page.goto(finaliseUrl);
    const tabs = page.getByRole('tablist', { name: 'Plans' }).getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      PLAN_NAMES.cheapestToC,
      `${PLAN_NAMES.highestEpc} and ${PLAN_NAMES.largestCo2Cut}`,
      PLAN_NAMES.allRecommended,
      'Custom plan',
    ]);
    await expect(page.getByRole('tabpanel').count()).resolves.toBe(1);
    await expect(page.getByRole('tabpanel').textContent()).resolves.toContain(PLAN_NAMES.cheapestToC);

    await tabs.nth(2).click();
    await expect(tabs.nth(2).getAttribute('aria-selected')).resolves.toBe('true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.count()).resolves.toBe(1);
    await expect(panel.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(PLAN_NAMES.allRecommended);
    await expect(panel.getByRole('listitem').count()).resolves.toBe(9);
  });
  await context.close();
});
