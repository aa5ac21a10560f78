import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import * as premium from '../../src/shared/api/premium';
import type { CallDef, RequestOf, ResponseOf } from '../../src/shared/api/define';
import { createDb, type Db } from '../../src/server/platform/db/database';
import { claimPremiumPurchase, findReport, insertPremiumCopy } from '../../src/server/reports/repos/reports';
import { insertPurchase } from '../../src/server/payments/repos/purchases';
import { premiumDueDate } from '../../src/server/premium/working-days';
import { nationOf } from '../../src/server/funding/nation';
import { figuresOfReport } from '../../src/server/reports/report-figures';
import { epcBand } from '../../src/shared/epc-bands';
import { DESKTOP, newPage, PHONE, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, readyReportViaApi, sessionCookie, type Account } from './helpers/accounts';

const FIXTURE = readFileSync(resolve(__dirname, '../fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml'));
/** The phone the issue was tried on: everything that sells has to be within its first screen. */
const FOLD = PHONE.viewport.height;

const journey = useJourney({ stripe: true });
let db: Db;
let assessor: Account;

beforeAll(async () => {
  assessor = await confirmedAssessor(journey.app, { name: 'Jane Hargreaves', scheme: 'stroma' });
  // The server's own SQLite file, to record the owner's payment as its fulfilment does.
  db = createDb({ databaseUrl: null, dataDir: journey.app.dataDir });
}, 300_000);

/**
 * A ready report of Jane's, whose link then names her Elmhurst accreditation. Made while her
 * scheme reads Stroma: an Elmhurst survey also needs its RdSAP file B, which this fixture has not;
 * the link reads the scheme each time it is opened.
 */
async function elmhurstAssessorsReport(): Promise<{ reportId: number; shareUrl: string }> {
  const setScheme = (scheme: string) => db.updateTable('users').set({ scheme }).where('email', '=', assessor.email).execute();
  await setScheme('stroma');
  const made = await readyReportViaApi(journey.app, assessor, FIXTURE);
  await setScheme('elmhurst');
  return made;
}

afterAll(async () => {
  await db?.destroy();
});

/** The lowest point of what a locator shows, in CSS pixels from the top of the page. */
async function bottomOf(page: Page, locator: ReturnType<Page['locator']>): Promise<number> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  if (!box) throw new Error('not drawn');
  return box.y + box.height + (await page.evaluate(() => window.scrollY));
}

/** The rating pair as the report's settled figures give it: "D 57 … B 83". */
async function ratingSentence(reportId: number): Promise<RegExp> {
  const { survey } = figuresOfReport((await findReport(db, reportId))!);
  const { current, potential } = survey.energyRating;
  return new RegExp(`^Energy rating ${epcBand(current)} ${current} now; it could reach ${epcBand(potential)} ${potential}\\.$`);
}

/** The owner's card payment for this report's Premium, recorded as paid the way fulfilment.ts records it. */
async function ownerPaid(reportId: number): Promise<{ premiumId: number; paidAt: number }> {
  const preliminary = (await findReport(db, reportId))!;
  const paidAt = Date.now();
  if (!(await claimPremiumPurchase(db, reportId))) throw new Error('already bought');
  const premiumId = await insertPremiumCopy(db, preliminary, `premium${reportId}slug0123456789`, paidAt);
  await insertPurchase(db, {
    report_id: reportId,
    premium_report_id: premiumId,
    assessor_id: preliminary.user_id,
    buyer: 'owner',
    method: 'card',
    status: 'paid',
    price_id: null,
    amount_pence: 14900,
    currency: 'gbp',
    full_price_pence: 14900,
    payment_intent_id: `pi_e2e_${reportId}`,
    owner_session_hash: null,
    email: 'olive.owner@example.co.uk',
    priority: 'getToC',
    created_at: paidAt,
    paid_at: paidAt,
    refunded_at: null,
  });
  return { premiumId, paidAt };
}

/** The assessor's finalise, keeping every plan as offered, through the API the finalise screen calls. */
async function finaliseAsAssessor(premiumId: number): Promise<void> {
  const cookie = await sessionCookie(journey.app, assessor);
  const call = async <C extends CallDef>(def: C, body: RequestOf<C>): Promise<ResponseOf<C>> => {
    const res = await fetch(`${journey.app.url}${def.path}`, {
      method: def.method,
      headers: { 'content-type': 'application/json', origin: journey.app.url, cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${def.path} answered ${res.status}: ${await res.text()}`);
    return def.response.parse(await res.json()) as ResponseOf<C>;
  };
  const { report_data } = await call(premium.unprocessedPremiumReport, { report_id: premiumId });
  await call(premium.finalisePremiumReport, { report_id: premiumId, plan_data: report_data.plans, customPlanName: '', customRemarks: '' });
}

for (const [device, options] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`on a ${device}, the rating now and what it could reach, Download and the Premium's price are on the first screen`, async () => {
    const { reportId, shareUrl } = await elmhurstAssessorsReport();
    const { page, context } = await newPage(journey.browser, options);
    await step(page, `owner-first-screen-${device}`, async () => {
      await page.goto(shareUrl);
      await page.getByRole('heading', { name: 'Your Free Report Is Ready!' }).waitFor();
      const pair = page.getByRole('img', { name: await ratingSentence(reportId) });
      const download = page.getByRole('link', { name: 'Download Your Free Report NOW!' });
      const offer = page.getByRole('region', { name: 'Premium Report £149' });
      await offer.getByText('Prepared by Jane Hargreaves, Elmhurst accredited').waitFor();
      const buy = offer.getByRole('link', { name: 'Buy your Premium Report online' });
      for (const shown of [pair, download, offer, buy]) expect(await bottomOf(page, shown)).toBeLessThanOrEqual(FOLD);
    });
    await context.close();
  });
}

test('after the purchase the same link says when the Premium is due, and once finalised opens it', async () => {
  const { reportId, shareUrl } = await elmhurstAssessorsReport();
  const { premiumId, paidAt } = await ownerPaid(reportId);
  const { survey } = figuresOfReport((await findReport(db, reportId))!);
  const [year, month, day] = premiumDueDate(paidAt, nationOf(survey.country)).split('-').map(Number);
  const due = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
  const { page, context } = await newPage(journey.browser, PHONE);

  await step(page, 'owner-premium-bought', async () => {
    await page.goto(shareUrl);
    const bought = page.getByRole('region', { name: `Premium bought — ready by ${due}` });
    expect(await bottomOf(page, bought)).toBeLessThanOrEqual(FOLD);
    await expect(page.getByRole('link', { name: /Buy your Premium/ }).count()).resolves.toBe(0);
    await expect(page.getByText('£149').count()).resolves.toBe(0);
  });

  await finaliseAsAssessor(premiumId);
  // The PDF is drawn by a job after the finalise; the owner's email goes out as it is stored.
  await journey.app.waitForOutbox((mails) =>
    mails.some((m) => m.to === 'olive.owner@example.co.uk' && m.text.includes(`/s/premium/${premiumId}/`)),
  );

  await step(page, 'owner-premium-opens', async () => {
    // The owner comes back to the same link.
    await page.reload();
    await page.getByRole('region', { name: 'Premium bought — ready now' }).waitFor();
    const open = page.getByRole('link', { name: 'Open your Premium Report' });
    expect(await bottomOf(page, open)).toBeLessThanOrEqual(FOLD);
    const pdf = page.waitForResponse((res) => new RegExp(`/api/files/reports/${premiumId}\\.pdf`).test(res.url()));
    await open.click();
    const res = await pdf;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
  });
  await context.close();
});
