import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseSurvey } from '../../src/server/surveys/epc/parse-survey';
import { measuresFrom } from '../../src/server/surveys/epc/measures';
import { postcodeArea } from '../../src/server/surveys/epc/postcode';
import { newPage, PHONE, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, readyReportViaApi } from './helpers/accounts';

const XML = readFileSync(resolve(__dirname, '../fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml'));
const survey = parseSurvey(XML);
const measure = measuresFrom(survey)[0];
const SCHEDULING = { ACUITY_OWNER: '19283746', ACUITY_APPOINTMENT_TYPES: '1-3=11111,4-5=22222' };

const journey = useJourney({ env: SCHEDULING });
let shareUrl: string;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'epcplus-e2e-owner-'));
  const csv = join(work, 'contractors.csv');
  const area = postcodeArea(survey.address.postcode);
  writeFileSync(
    csv,
    [
      'key,name,url,address,email,tel,image,measures,areas',
      `warm-lofts,Warm Lofts Ltd,https://warm.example,1 Loft Lane,quotes@warm.example,01000 000001,,${measure.code},${area}`,
      `cosy-homes,Cosy Homes Co,https://cosy.example,2 Cosy Road,hello@cosy.example,01000 000002,,${measure.code};7,${area};EH`,
      `far-away,Far Away Builders,https://far.example,3 North St,far@far.example,01000 000003,,${measure.code},ZE`,
    ].join('\n'),
  );
  journey.app.cli('contractors', 'import', csv);
  ({ shareUrl } = await readyReportViaApi(journey.app, await confirmedAssessor(journey.app), XML));
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

test('an owner opens the shared link on a phone and downloads the report, loading only the small page', async () => {
  const { page, context } = await newPage(journey.browser, PHONE);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await step(page, 'owner-download', async () => {
    await page.goto(shareUrl);
    await page.getByRole('heading', { name: 'Your Free Report Is Ready!' }).waitFor();
    await page.getByText('Inside Your Free Report').waitFor();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Download Your Free Report NOW!' }).click(),
    ]);
    await tab.waitForURL(/\/api\/files\/reports\/\d+\.pdf/);
    const pdf = await context.request.get(tab.url());
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((s) => /^\/shared[.-]/.test(s))).toBe(true);
  });
  await context.close();
});

test('an owner asks two contractors for quotes and each gets the request by email', async () => {
  const { page, context } = await newPage(journey.browser, PHONE);
  await step(page, 'owner-contractors', async () => {
    await page.goto(`${shareUrl}/c`);
    await page.getByRole('link', { name: new RegExp(measure.name.slice(0, 20)) }).click();
    await page.getByRole('heading', { name: measure.name }).waitFor();
    await expect(page.getByText('Far Away Builders').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Request quotes' }).click();
    await page.getByRole('dialog', { name: 'Error' }).getByText('No contractors selected').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('checkbox', { name: /Warm Lofts Ltd/ }).check();
    await page.getByRole('checkbox', { name: /Cosy Homes Co/ }).check();
    await page.getByRole('button', { name: 'Request quotes' }).click();
    await page.getByLabel('Email').fill('owner@example.co.uk');
    await page.getByLabel('Name (optional)').fill('Olive Owner');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Thank you, we will be back in touch once we hear from your selected contractors.').waitFor();
  });
  const chosen = ['quotes@warm.example', 'hello@cosy.example'];
  const to = (await journey.app.waitForOutbox((mails) => chosen.every((address) => mails.some((m) => m.to === address)))).map((m) => m.to);
  expect(to).toEqual(expect.arrayContaining(['quotes@warm.example', 'hello@cosy.example']));
  expect(to).not.toContain('far@far.example');
  await context.close();
});

test('an owner picks a property size and sees the booking calendar with the discount applied', async () => {
  const { page, context } = await newPage(journey.browser, PHONE);
  await step(page, 'owner-booking', async () => {
    await page.goto(`${shareUrl}/paynow`);
    await page.getByRole('heading', { name: 'Book a visit to update your EPC' }).waitFor();
    await page.getByRole('button', { name: '1-3 Beds' }).click();
    await expect(page.getByLabel('Discount code').inputValue()).resolves.toBe('SAVE-100');
    await page.getByText(/SAVE-100 applied/).waitFor();
    const frame = page.locator('iframe[title="Book your visit"]');
    await frame.waitFor();
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src).toContain('owner=19283746');
    expect(src).toContain('appointmentType=11111');
    expect(src).toContain(encodeURIComponent(new URL(shareUrl).pathname.replace('/s/', '')));
    expect(await frame.getAttribute('height')).toBe('1000');
    await page.getByRole('button', { name: '6+ Beds' }).click();
    await page.getByText(/special quote/i).waitFor();
  });
  await context.close();
});
