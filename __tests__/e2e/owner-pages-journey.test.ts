import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import * as accountCalls from '../../src/shared/api/account';
import * as uploads from '../../src/shared/api/uploads';
import * as reports from '../../src/shared/api/reports';
import * as brandings from '../../src/shared/api/brandings';
import * as sharing from '../../src/shared/api/sharing';
import type { CallDef, RequestOf, ResponseOf } from '../../src/shared/api/define';
import { epcBand } from '../../src/shared/epc-bands';
import { REPORT_STATUS } from '../../src/shared/states';
import { DESKTOP, newPage, PHONE, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, logIn, type Account } from './helpers/accounts';

const XML = readFileSync(resolve(__dirname, '../fixtures/epc/RdSAP-Schema-S-18.0__epc.xml'));
const COMPANY = 'Heather Glen Energy Surveys';
const PHONE_NUMBER = '01632 960123';
const MARKETING_URL = 'https://www.epc-marketing.example';

// No Stripe and no ACUITY_*: owners are offered a visit, and no calendar is set up.
const journey = useJourney({ env: { MARKETING_URL } });
let work: string;
let account: Account;
let shareUrl: string;
let deletedUrl: string;
let currentEpc: number;

/** The web app's calls as the assessor's browser makes them, through one login. */
async function apiAs(who: Account) {
  const headers = { 'content-type': 'application/json', origin: journey.app.url };
  const login = await fetch(`${journey.app.url}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: who.email, password: who.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const call = async <C extends CallDef>(def: C, body?: RequestOf<C>, query = ''): Promise<ResponseOf<C>> => {
    const res = await fetch(`${journey.app.url}${def.path}${query}`, {
      method: def.method,
      headers: { ...headers, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${def.path} answered ${res.status}: ${await res.text()}`);
    return def.response.parse(await res.json()) as ResponseOf<C>;
  };
  const upload = async (bytes: Buffer, extension: string, which_one: 'A' | 'LOGO') => {
    const start = await call(uploads.upload, { extension, ...(which_one === 'LOGO' ? { isLogo: true } : {}) });
    await fetch(`${journey.app.url}${start.upload_to}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', origin: journey.app.url, cookie },
      body: new Uint8Array(bytes),
    });
    await call(uploads.uploadFollowup, { filename: start.filename, which_one });
    return start.filename;
  };
  return { call, upload };
}

/** A Ready! Preliminary report with the given branding; its owner's link. */
async function readyReport(api: Awaited<ReturnType<typeof apiAs>>, brandingId: string) {
  const created = await api.call(reports.createReport, {
    xml1_key: await api.upload(XML, 'xml', 'A'),
    xml1_original_filename: 'survey.xml',
    cTaxPropertyAddress: '',
    selectedBranding: brandingId,
    manualCTaxBand: 'D',
  });
  for (let i = 0; i < 200; i++) {
    const list = await api.call(reports.reportsList, undefined, '?mode=preliminary');
    if (list.reports_list.some((r) => r.report_id === created.report_id && r.status === REPORT_STATUS.ready)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return created;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'epcplus-e2e-owner-pages-'));
  writeFileSync(join(work, 'terms.html'), '<h2>Using the service</h2><p>Reports are advice, not a survey.</p><script>alert(1)</script>');
  writeFileSync(join(work, 'privacy.html'), '<h2>What we keep</h2><p>Your email address, only to send your report.</p>');
  journey.app.cli('terms', 'publish', '--title', 'Terms and conditions of use', '--html', join(work, 'terms.html'));
  journey.app.cli('privacy', 'publish', '--title', 'Our privacy policy', '--html', join(work, 'privacy.html'));

  account = await confirmedAssessor(journey.app, { name: 'Heather Glen' });
  const api = await apiAs(account);
  await api.call(accountCalls.saveAccount, { name: 'Heather Glen', phone: PHONE_NUMBER });
  const logo = await sharp({ create: { width: 320, height: 120, channels: 4, background: { r: 30, g: 120, b: 80, alpha: 1 } } })
    .png()
    .toBuffer();
  const image = await api.upload(logo, 'png', 'LOGO');
  const { id } = await api.call(brandings.saveBranding, { action: 'new', company_name: COMPANY, overprint_colour: '#1e7850', image });
  shareUrl = (await readyReport(api, id!)).share_url;
  const doomed = await readyReport(api, id!);
  deletedUrl = doomed.share_url;
  await api.call(reports.reportDelete, { report_id: doomed.report_id, delete_mode: 'delete' });

  const res = await fetch(`${journey.app.url}${sharing.sharedReport.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: journey.app.url },
    body: JSON.stringify({ report_path: new URL(shareUrl).pathname.replace('/s/', '') }),
  });
  currentEpc = sharing.sharedReport.response.parse(await res.json()).current_epc;
}, 180_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Every picture, media file, icon and stylesheet the page asks for, as absolute addresses. */
function mediaAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const add = (value: string | null) => value && !value.startsWith('data:') && found.add(new URL(value, document.baseURI).href);
    document.querySelectorAll('img, video, audio, source, track').forEach((el) => add(el.getAttribute('src')));
    document.querySelectorAll('video[poster]').forEach((el) => add(el.getAttribute('poster')));
    document.querySelectorAll('link[rel~="icon"], link[rel="stylesheet"]').forEach((el) => add(el.getAttribute('href')));
    document.querySelectorAll('image, use').forEach((el) => add(el.getAttribute('href') ?? el.getAttribute('xlink:href')));
    return [...found];
  });
}

/** The page's media all answer 200, and every picture really drew. */
async function expectMediaLoads(page: Page, context: BrowserContext): Promise<number> {
  const addresses = await mediaAddresses(page);
  for (const address of addresses) expect([address, (await context.request.get(address)).status()]).toEqual([address, 200]);
  const broken = await page.evaluate(() =>
    [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
  );
  expect(broken).toEqual([]);
  return addresses.length;
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('owner pages on a %s', (size, viewport) => {
  test("the landing shows the assessor's brand and an A–G picture with the home's own rating", async () => {
    const { page, context } = await newPage(journey.browser, viewport);
    await step(page, `owner-pages-landing-${size}`, async () => {
      await page.goto(shareUrl);
      await page.getByRole('heading', { name: 'Your Free Report Is Ready!' }).waitFor();
      await page.getByRole('banner').getByRole('img', { name: COMPANY }).waitFor();
      // The branding's colour (#1e7850) marks the page, under the site's Content-Security-Policy.
      expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(30, 120, 80)');
      const band = epcBand(currentEpc);
      const cover = page.getByRole('img', { name: new RegExp(`A, most efficient, to G.*currently rated ${band} \\(${currentEpc}\\)`) });
      await cover.waitFor();
      for (const letter of ['A', 'B', 'C', 'D', 'E', 'F', 'G']) await cover.getByText(letter, { exact: true }).waitFor();
      expect(await cover.boundingBox()).toEqual(expect.objectContaining({ width: expect.any(Number) as number }));
      await page
        .getByRole('contentinfo')
        .getByText(/In association with EPCplus/)
        .waitFor();
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy');
      // The owner's page fits a phone: nothing runs off the side.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await expectMediaLoads(page, context)).toBeGreaterThan(1);
    });
    await context.close();
  });

  test("booking without a scheduling account gives the assessor's contact, no size tiles, and a way back", async () => {
    const { page, context } = await newPage(journey.browser, viewport);
    await step(page, `owner-pages-booking-${size}`, async () => {
      await page.goto(shareUrl);
      await page.getByRole('link', { name: 'Arrange a visit to update your EPC' }).click();
      await page.getByRole('heading', { name: 'Arrange a visit to update your EPC' }).waitFor();
      await page.getByRole('heading', { name: `Arrange your visit with ${COMPANY}` }).waitFor();
      expect(await page.getByRole('link', { name: PHONE_NUMBER }).getAttribute('href')).toBe('tel:01632960123');
      expect(await page.getByRole('link', { name: account.email }).getAttribute('href')).toBe(`mailto:${account.email}`);
      expect(await page.getByRole('button', { name: /Beds/ }).count()).toBe(0);
      await page.getByRole('banner').getByRole('img', { name: COMPANY }).waitFor();
      await expectMediaLoads(page, context);
      await page.getByRole('link', { name: '← Back to your free report' }).click();
      await page.getByRole('heading', { name: 'Your Free Report Is Ready!' }).waitFor();
    });
    await context.close();
  });

  test('an invalid link asks for a new one from the assessor, and never leads to the login', async () => {
    const { page, context } = await newPage(journey.browser, viewport);
    await step(page, `owner-pages-invalid-${size}`, async () => {
      await page.goto(deletedUrl);
      await page.getByRole('heading', { name: 'Ooops!' }).waitFor();
      await page.getByText(`Please ask ${COMPANY} for a new link to your report:`).waitFor();
      await page.getByRole('link', { name: PHONE_NUMBER }).waitFor();
      await page.getByRole('link', { name: account.email }).waitFor();
      await page.getByRole('banner').getByRole('img', { name: COMPANY }).waitFor();
      const hrefs = await page.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.filter((h) => h === '/' || h.startsWith(`${journey.app.url}/`) || h.includes('login'))).toEqual([]);
      expect(hrefs).toContain(`${MARKETING_URL}/questionnaire/`);
      await expectMediaLoads(page, context);

      // An id that names no report: no one's contact, still the way forward.
      const path = new URL(shareUrl).pathname.split('/');
      await page.goto(`${journey.app.url}/s/999999/${path[3]}`);
      await page.getByRole('heading', { name: 'Ooops!' }).waitFor();
      await page.getByText('Please ask the assessor who sent it to you for a new link.').waitFor();
      expect(await page.getByText(COMPANY).count()).toBe(0);
    });
    await context.close();
  });

  test('the footer leads to the published terms and privacy policy, plain pages that load everything they show', async () => {
    const { page, context } = await newPage(journey.browser, viewport);
    await step(page, `owner-pages-legal-${size}`, async () => {
      await page.goto(shareUrl);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
      await page.waitForURL(`${journey.app.url}/terms`);
      await page.getByRole('heading', { name: 'Terms and conditions of use' }).waitFor();
      await page.getByText('Reports are advice, not a survey.').waitFor();
      expect(await page.locator('script').count()).toBe(0);
      await expectMediaLoads(page, context);
      await page.getByRole('link', { name: 'Privacy policy' }).click();
      await page.waitForURL(`${journey.app.url}/privacy`);
      await page.getByRole('heading', { name: 'Our privacy policy' }).waitFor();
      await page.getByText('Your email address, only to send your report.').waitFor();
      expect(await page.getByRole('link', { name: 'EPCplus' }).getAttribute('href')).toBe(MARKETING_URL);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectMediaLoads(page, context);
    });
    await context.close();
  });

  test("inside the app the marketing site's menu shows beside the app's on a desktop, and not stacked above it on a phone", async () => {
    const { page, context } = await newPage(journey.browser, viewport);
    await step(page, `owner-pages-app-menus-${size}`, async () => {
      await logIn(page, journey.app, account);
      // The terms published above are asked for first (once; the phone run has accepted them already).
      const accept = page.getByRole('button', { name: 'Accept' });
      const appMenu = page.getByRole('navigation', { name: 'App' });
      await Promise.race([accept.waitFor(), appMenu.waitFor()]);
      if (await accept.isVisible()) await accept.click();
      await appMenu.waitFor();
      const siteMenu = page.getByRole('navigation', { name: 'Main site' });
      if (size === 'phone') {
        expect(await siteMenu.isVisible()).toBe(false);
        expect(await page.getByRole('button', { name: 'Site menu' }).isVisible()).toBe(false);
        expect(await page.getByRole('button', { name: 'App menu' }).isVisible()).toBe(true);
      } else {
        expect(await siteMenu.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe(`${MARKETING_URL}/blog/`);
        expect(await siteMenu.isVisible()).toBe(true);
      }
      expect(await page.getByRole('link', { name: 'EPCplus home' }).getAttribute('href')).toBe(`${MARKETING_URL}/`);
    });
    await context.close();
  });
});
