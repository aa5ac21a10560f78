import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { newPage, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, logIn } from './helpers/accounts';
import { createPreliminaryReport, openReadyPdf, pdfText } from './helpers/reports';

const FIXTURE = resolve(__dirname, '../fixtures/epc/RdSAP-Schema-S-18.0__epc.xml');
const COMPANY = 'Heather Glen Energy Surveys';

const journey = useJourney();
let work: string;
let logo: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'epcplus-e2e-brand-'));
  logo = join(work, 'logo.png');
  writeFileSync(
    logo,
    await sharp({ create: { width: 320, height: 120, channels: 4, background: { r: 30, g: 120, b: 80, alpha: 1 } } })
      .png()
      .toBuffer(),
  );
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

test('an assessor makes a branding with a PNG logo and the report made with it carries the company name', async () => {
  const account = await confirmedAssessor(journey.app);
  const { page, context } = await newPage(journey.browser);
  await logIn(page, journey.app, account);

  await step(page, 'branding', async () => {
    await page.getByRole('link', { name: 'Branding' }).click();
    await page.getByRole('link', { name: 'Create new branding' }).click();
    await page.getByLabel('Company name').fill(COMPANY);
    await page.getByLabel('Colour hex code').fill('#1e7850');
    await page.getByRole('radio', { name: 'Upload a new logo' }).check();
    await page.locator('input[type=file]').setInputFiles(logo);
    await page.getByText('Uploaded').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${journey.app.url}/settings`);
    await page.getByRole('list', { name: 'Your brandings' }).getByText(COMPANY).waitFor();
    await expect(page.getByRole('list', { name: 'Your brandings' }).getByRole('img').count()).resolves.toBeGreaterThan(0);
  });

  await step(page, 'report-with-branding', async () => {
    await createPreliminaryReport(page, { xmlFile: FIXTURE, branding: COMPANY });
    await page.getByRole('link', { name: 'Go to the Report List' }).click();
    const text = pdfText(await openReadyPdf(page, context));
    expect(text).toContain(COMPANY);
  });
  await context.close();
});
