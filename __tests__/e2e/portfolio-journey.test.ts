import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { startPostcodesStandIn, type PostcodesStandIn } from '../support/postcodes-stand-in';
import { startAppServer, type AppServer } from './helpers/app-server';
import { launchBrowser, newPage, PHONE, step } from './helpers/browser';
import { confirmedAssessor, logIn } from './helpers/accounts';
import { pdfText } from './helpers/reports';
import { deliverWebhooksTo, routeStripe, stripeEnvFor } from './helpers/stripe';

const FIXTURES = resolve(__dirname, '../fixtures/epc');
/** Nineteen surveys of England and Wales, of every schema family the register holds. */
const SURVEYS = [
  'Additional-Fixtures__sap_starting_with_newline.xml',
  'Additional-Fixtures__sap_with_improvement_headings_and_summaries.xml',
  'RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml',
  'RHI_UAT_scenarios__1234-1234-1234-1234-1234.xml',
  'RdSAP-Schema-17.0__epc.xml',
  'RdSAP-Schema-17.1__epc.xml',
  'RdSAP-Schema-18.0__epc.xml',
  'RdSAP-Schema-19.0__epc.xml',
  'RdSAP-Schema-20.0.0__epc.xml',
  'RdSAP-Schema-20.0.0__redacted_epc.xml',
  'RdSAP-Schema-21.0.0__epc.xml',
  'RdSAP-Schema-21.0.1__epc.xml',
  'SAP-Schema-12.0__rdsap.xml',
  'SAP-Schema-15.0__rdsap.xml',
  'SAP-Schema-16.3__rdsap.xml',
  'SAP-Schema-17.1__epc.xml',
  'SAP-Schema-18.0.0__epc.xml',
  'SAP-Schema-19.0.0__epc.xml',
  'examples__RdSAP-20.0.0.xml',
].map((name) => join(FIXTURES, name));
const GOOD_CARD = '4242 4242 4242 4242';
/** A transparent 1×1 PNG: every map tile, so the map draws with no network. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let stripe: StripeStandIn;
let postcodes: PostcodesStandIn;
let app: AppServer;
let browser: Browser;
let scratch: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  postcodes = await startPostcodesStandIn({
    'SW1A 2AA': { latitude: 51.50354, longitude: -0.127695 },
    'CF10 1AB': { latitude: 51.48, longitude: -3.18 },
    'DH1 1AA': { latitude: 54.776, longitude: -1.575 },
  });
  browser = await launchBrowser();
  app = await startAppServer({ ...stripeEnvFor(stripe), POSTCODES_API_URL: postcodes.url });
  deliverWebhooksTo(stripe, app);
  app.cli('prices', 'set', '--trade', '4900', '--owner', '14900', '--referral', '2500', '--sell', '14900');
  scratch = mkdtempSync(join(tmpdir(), 'epcplus-portfolio-'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await stripe?.close();
  await postcodes?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function saved(download: Download): Promise<Buffer> {
  const file = join(scratch, download.suggestedFilename());
  await download.saveAs(file);
  return readFileSync(file);
}

/** Clicks a download link and answers the file it gives. */
async function downloadFrom(page: Page, link: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  return { name: download.suggestedFilename(), bytes: await saved(download) };
}

/** The compliance table as the page shows it: each row's address, in order. */
const addressesOnPage = (page: Page) => page.locator('.portfolio-table tbody th[scope="row"]').allInnerTexts();

test('an assessor builds a landlord portfolio from 20 dropped surveys, shares it, and the landlord exports it and buys a Premium report on a phone', async () => {
  const assessor = await confirmedAssessor(app);
  const desk = await newPage(browser);
  // The map's tiles come from OpenStreetMap by default; here they are answered locally.
  await desk.context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'image/png', body: TILE }));

  await step(desk.page, 'create-portfolio', async () => {
    await logIn(desk.page, app, assessor);
    await desk.page.getByRole('link', { name: 'Portfolios' }).click();
    await desk.page.getByRole('link', { name: 'New portfolio' }).first().click();
    await desk.page.getByLabel('Portfolio name').fill('Harbour Lets');
    await desk.page.getByLabel("Client's name").fill('Hana Harbour');
    await desk.page.getByLabel("Client's email").fill('hana@harbourlets.example');
    await desk.page.getByLabel("Client's company (optional)").fill('Harbour Lets Ltd');
    await desk.page.getByRole('button', { name: 'Create portfolio' }).click();
    await desk.page.getByRole('heading', { name: 'Harbour Lets', level: 1 }).waitFor();
  });

  const bad = join(scratch, 'not-a-survey.xml');
  writeFileSync(bad, '<html><body>This is a web page saved with the wrong name.</body></html>');
  await step(desk.page, 'drop-surveys', async () => {
    await desk.page.getByLabel('Survey XML files', { exact: true }).setInputFiles([...SURVEYS, bad]);
    await desk.page.getByText('19 added, 1 not added.').waitFor({ timeout: 120_000 });
    const refused = desk.page.locator('.portfolios-drop-refused');
    await expect(refused.count()).resolves.toBe(1);
    await expect(refused.innerText()).resolves.toContain('not-a-survey.xml');
    // Each file became a home: the table and the totals follow by push, without a reload.
    await desk.page.locator('.portfolio-table tbody tr').nth(18).waitFor();
    await expect(desk.page.locator('.portfolio-table tbody tr').count()).resolves.toBe(19);
    await desk.page.locator('.portfolio-summary').getByText('19', { exact: true }).first().waitFor();
    // The homes whose postcodes the lookup knows are drawn on the map.
    await desk.page.locator('.leaflet-interactive').first().waitFor({ timeout: 60_000 });
  });

  const shareUrl = await desk.page.locator('.portfolios-share a').getAttribute('href');
  expect(shareUrl).toMatch(/\/s\/portfolio\/\d+\/[A-Za-z0-9_-]{16,}$/);
  const deskAddresses = await addressesOnPage(desk.page);
  await desk.context.close();

  const phone = await newPage(browser, PHONE);
  await routeStripe(phone.context, stripe);
  const { page } = phone;
  await step(page, 'landlord-opens-link', async () => {
    await page.goto(shareUrl!);
    await page.getByRole('heading', { name: 'Harbour Lets', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Your homes' }).waitFor();
    // The landlord's page is the small shared-link page, not the assessor's app.
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src));
    expect(scripts.some((src) => /\/main\.[^/]*\.js$/.test(src))).toBe(false);
    await expect(addressesOnPage(page)).resolves.toEqual(deskAddresses);
  });

  await step(page, 'landlord-exports', async () => {
    const onPage = await addressesOnPage(page);
    const csv = await downloadFrom(page, 'Download as CSV');
    expect(csv.name).toBe('Harbour Lets EPC portfolio.csv');
    const csvRows: string[][] = parse(csv.bytes, { bom: true });
    const headers = csvRows[0];
    const [address, postcode] = [headers.indexOf('Address'), headers.indexOf('Postcode')];
    // The page writes the postcode after the address; the files keep it in a column of its own.
    const named = (row: string[]) =>
      row[postcode] && !row[address].includes(row[postcode]) ? `${row[address]}, ${row[postcode]}` : row[address];
    expect(csvRows.slice(1).map(named)).toEqual(onPage);

    const xlsx = await downloadFrom(page, 'Download as Excel (XLSX)');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Homes')!;
    const sheetRows: string[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      sheetRows.push(headers.map((_, c) => row.getCell(c + 1).text));
    }
    // The workbook holds the same table as the CSV, cell for cell.
    expect(sheetRows).toEqual(csvRows);

    const pdf = await downloadFrom(page, 'Download as PDF');
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Harbour Lets');
    expect(text).toContain('Hana Harbour');
    for (const home of new Set(onPage)) expect(text).toContain(home.split(',')[0]);
  });

  await step(page, 'landlord-buys-premium', async () => {
    // A home from a survey leads to its report, where its Premium report is bought by card.
    await page.locator('.portfolio-table tbody th[scope="row"] a').first().click();
    await page.getByRole('link', { name: 'Buy the Premium report' }).click();
    await page.getByRole('heading', { name: 'Your Free Report Is Ready!' }).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Buy your Premium Report online' }).click();
    await page.getByRole('heading', { name: 'Buy your Premium Report' }).waitFor();
    await page.getByLabel('Email').fill('hana@harbourlets.example');
    await page.getByRole('radio', { name: /Reach EPC band C/ }).check();
    await page.getByLabel('Full name').fill('Hana Harbour');
    await page.getByLabel('Address line 1').fill('1 Harbour Road');
    await page.getByLabel('Town or city').fill('Cardiff');
    await page.getByLabel('Postcode').fill('CF10 1AB');
    await page.getByLabel('Card number').fill(GOOD_CARD);
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
  });
  // The assessor earns the referral fee as for any owner's purchase.
  await app.waitForOutbox((all) => all.some((m) => m.to === assessor.email && /pending\/\d+/.test(m.text)));
  await phone.context.close();
}, 600_000);
