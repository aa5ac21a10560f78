/**
 * `npm run tutorials`: the Help page's screenshots, taken from the product itself. It starts the
 * built app as `npm start` runs it (SQLite, outbox email) in a temporary folder, signs an assessor
 * up through the real invite and confirmation, and drives the pages in Debian's Chromium, saving
 * each tutorial step that names a screenshot (src/client/features/help/tutorials.ts) as an
 * optimised PNG in public/tutorials/. It fails when a step names a screenshot it did not take, or
 * the reverse, so the Help page and the files cannot drift apart.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { startAppServer } from '../__tests__/e2e/helpers/app-server';
import { launchBrowser } from '../__tests__/e2e/helpers/browser';
import { confirmedAssessor, logIn } from '../__tests__/e2e/helpers/accounts';
import { stripeEnvFor } from '../__tests__/e2e/helpers/stripe';
import { startStripeStandIn } from '../__tests__/support/stripe-stand-in';
import { parseSurvey } from '../src/server/surveys/epc/parse-survey';
import { TUTORIALS, screenshotPath } from '../src/client/features/help/tutorials';
import type { TutorialId } from '../src/shared/api/access';

const ROOT = resolve(__dirname, '..');
const OUT = join(ROOT, 'public');
const SURVEY = join(ROOT, '__tests__/fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const PHONE = { viewport: { width: 390, height: 760 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

const taken = new Set<string>();

/** One step's screenshot: palette PNG, which keeps text sharp at a fraction of the size. */
async function shoot(page: Page, id: TutorialId, n: number): Promise<void> {
  // Nothing mid-transition, and no caret blinking into one shot but not the next.
  await page.evaluate(() => document.fonts.ready);
  const path = screenshotPath(id, n);
  const png = await sharp(await page.screenshot({ caret: 'hide', animations: 'disabled' }))
    .png({ palette: true, colours: 96, compressionLevel: 9, effort: 10 })
    .toBuffer();
  writeFileSync(join(OUT, path), png);
  taken.add(path);
  console.log(`${path} ${Math.round(png.length / 1024)} KB`);
}

async function main(): Promise<void> {
  rmSync(join(OUT, 'tutorials'), { recursive: true, force: true });
  mkdirSync(join(OUT, 'tutorials'), { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'epcplus-tutorials-'));
  const survey = parseSurvey(readFileSync(SURVEY));
  const address = survey.address.lines[0];
  const csv = join(work, 'ctax.csv');
  writeFileSync(csv, `postcode,address,band\n${survey.address.postcode},"${address}",D\n`);
  const logo = join(work, 'logo.png');
  // A logo such as an assessor would upload: a mark and the company's name.
  const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120">
    <rect width="360" height="120" fill="#ffffff"/>
    <path d="M20 70 L60 30 L100 70 L100 105 L20 105 Z" fill="#1e7850"/>
    <rect x="50" y="75" width="20" height="30" fill="#ffffff"/>
    <text x="115" y="62" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" fill="#1e7850">Heather Glen</text>
    <text x="115" y="98" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#3d4a5c">Energy Surveys</text>
  </svg>`;
  writeFileSync(logo, await sharp(Buffer.from(logoSvg)).png().toBuffer());

  // Card payment configured, as on a real server, so the Payment step offers both ways to pay. No
  // card is used: Stripe's API is the tests' local stand-in and nothing reaches Stripe.
  const stripe = await startStripeStandIn();
  const app = await startAppServer(stripeEnvFor(stripe));
  const browser = await launchBrowser();
  try {
    app.cli('ctax', 'import', csv);
    const account = await confirmedAssessor(app, { email: 'sam@example-surveys.co.uk', name: 'Sam Surveyor' });
    app.cli('credits', 'grant', account.email, '1');
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);

    // Welcome
    await page.goto(app.url);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await shoot(page, 'welcome', 1);
    await logIn(page, app, account);
    await page.getByText('Referral fee').first().waitFor();
    await shoot(page, 'welcome', 2);

    // Types of report, and a Preliminary Report
    await page.getByRole('link', { name: 'Create Report' }).click();
    await page.getByRole('radio', { name: 'Preliminary Report' }).waitFor();
    await shoot(page, 'types-of-report', 1);
    await page.getByRole('radio', { name: 'Preliminary Report' }).check();
    await shoot(page, 'creating-a-preliminary-report', 1);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Lodged EPC XML file').setInputFiles(SURVEY);
    await page
      .getByText(/Uploaded/)
      .first()
      .waitFor();
    await shoot(page, 'creating-a-preliminary-report', 2);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Council Tax' }).waitFor();
    await shoot(page, 'creating-a-preliminary-report', 3);
    await page.getByRole('button', { name: new RegExp(address) }).click();
    await page.getByRole('heading', { name: 'Branding' }).waitFor();
    await page.locator('.branding-card').first().click();
    await page.getByRole('heading', { name: 'Your report is being created' }).waitFor();
    const shareUrl = await page.getByLabel('Share link').inputValue();
    await shoot(page, 'creating-a-preliminary-report', 4);
    await page.getByRole('link', { name: 'Go to the Report List' }).click();
    await page
      .getByRole('button', { name: /^Ready!/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await shoot(page, 'creating-a-preliminary-report', 5);

    // The menu, as a phone shows it
    const phone = await browser.newContext(PHONE);
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto(`${app.url}/reports`);
    await phonePage.getByText(survey.address.postcode).first().waitFor();
    await phonePage.getByRole('button', { name: 'App menu' }).click();
    await phonePage.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Report List' }).waitFor();
    await shoot(phonePage, 'welcome', 3);
    await phone.close();

    // What the customer sees on the link
    const owner = await browser.newContext(DESKTOP);
    const ownerPage = await owner.newPage();
    await ownerPage.goto(shareUrl);
    await ownerPage.getByRole('heading', { level: 1 }).first().waitFor();
    await ownerPage.getByRole('img').first().waitFor();
    await shoot(ownerPage, 'types-of-report', 2);
    await owner.close();

    // A Premium Report, paid with the free credit
    await page.getByRole('link', { name: 'Create Report' }).click();
    await page.getByRole('radio', { name: 'Premium Report' }).check();
    await shoot(page, 'creating-a-premium-report', 1);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Lodged EPC XML file').setInputFiles(SURVEY);
    await page
      .getByText(/Uploaded/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Council Tax' }).waitFor();
    await page.getByRole('button', { name: new RegExp(address) }).click();
    await page.getByRole('heading', { name: 'Branding' }).waitFor();
    await shoot(page, 'creating-a-premium-report', 2);
    await page.locator('.branding-card').first().click();
    await page.getByText('You have 1 free premium credit.').waitFor();
    await shoot(page, 'creating-a-premium-report', 3);
    await page.getByRole('button', { name: 'Use one of my free premium credits' }).click();
    await page.getByRole('link', { name: 'Edit Premium Report' }).waitFor();
    await shoot(page, 'creating-a-premium-report', 4);

    // Branding
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Branding' }).click();
    await page.getByRole('list', { name: 'Your brandings' }).waitFor();
    await shoot(page, 'customising-branding', 1);
    await page.getByRole('link', { name: 'Create new branding' }).click();
    await page.getByLabel('Company name').fill('Heather Glen Energy Surveys');
    await page.getByLabel('Colour hex code').fill('#1e7850');
    await page.getByRole('radio', { name: 'Upload a new logo' }).check();
    await page.locator('input[type=file]').setInputFiles(logo);
    await page.getByText('Uploaded').waitFor();
    await shoot(page, 'customising-branding', 2);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/settings`);
    await page.getByRole('list', { name: 'Your brandings' }).getByText('Heather Glen Energy Surveys').waitFor();
    await shoot(page, 'customising-branding', 3);
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
    await stripe.close();
    rmSync(work, { recursive: true, force: true });
  }

  const named = TUTORIALS.flatMap((t) => t.steps.flatMap((s) => (s.screenshot ? [s.screenshot.src] : [])));
  const missing = named.filter((src) => !taken.has(src));
  const extra = [...taken].filter((src) => !named.includes(src));
  if (missing.length || extra.length)
    throw new Error(
      `Screenshots and tutorial steps disagree. Not taken: ${missing.join(', ') || 'none'}; not named: ${extra.join(', ') || 'none'}`,
    );
  const total = readdirSync(join(OUT, 'tutorials')).reduce((sum, f) => sum + statSync(join(OUT, 'tutorials', f)).size, 0);
  console.log(`${taken.size} screenshots, ${Math.round(total / 1024)} KB in public/tutorials/`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
