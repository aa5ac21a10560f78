import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseSurvey } from '../../src/server/surveys/epc/parse-survey';
import { measuresFrom } from '../../src/server/surveys/epc/measures';
import { newPage, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, logIn } from './helpers/accounts';
import { createPreliminaryReport, openReadyPdf, pdfText } from './helpers/reports';

const FIXTURE = resolve(__dirname, '../fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
const survey = parseSurvey(readFileSync(FIXTURE));
const measureNames = measuresFrom(survey).map((m) => m.name);

const journey = useJourney();
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'epcplus-e2e-pdf-'));
  const csv = join(work, 'ctax.csv');
  writeFileSync(csv, `postcode,address,band\n${survey.address.postcode},"${survey.address.lines[0]}",D\n`);
  journey.app.cli('ctax', 'import', csv);
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

test('an assessor creates a Preliminary report from survey XML, sees it turn Ready! live, opens the PDF, deletes and undeletes it', async () => {
  const account = await confirmedAssessor(journey.app);
  const { page, context } = await newPage(journey.browser);
  await logIn(page, journey.app, account);
  // A second tab on the Report List: the new report must arrive there by push, without a reload.
  const watcher = await context.newPage();
  await watcher.goto(`${journey.app.url}/reports`);
  await watcher.getByText(/You have not created any reports yet/).waitFor();

  await step(page, 'wizard', async () => {
    const shareLink = await createPreliminaryReport(page, { xmlFile: FIXTURE, ctaxAddress: survey.address.lines[0] });
    expect(shareLink).toMatch(new RegExp(`^${journey.app.url}/s/\\d+/[A-Za-z0-9_-]{22}$`));
  });

  await step(watcher, 'live-list', async () => {
    await watcher.getByRole('button', { name: /^Ready!/ }).waitFor({ timeout: 20_000 });
    await watcher.getByText(survey.address.postcode).first().waitFor();
  });

  await step(watcher, 'open-pdf', async () => {
    const text = pdfText(await openReadyPdf(watcher, context));
    expect(text).toContain(survey.address.postcode);
    expect(text).toContain(survey.address.lines[0]);
    for (const name of measureNames) expect(text.replace(/\s+/g, ' ')).toContain(name.replace(/\s+/g, ' ').slice(0, 25));
  });

  await step(watcher, 'delete-undelete', async () => {
    await watcher.getByRole('button', { name: /^Delete the report/ }).click();
    await watcher.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await watcher.getByText(/You have not created any reports yet/).waitFor();
    await watcher.getByRole('link', { name: 'Deleted Reports' }).click();
    await watcher.getByText(survey.address.postcode).first().waitFor();
    await watcher.getByRole('button', { name: /^Undelete/ }).click();
    await watcher.getByText(/There are no deleted reports/).waitFor();
    await watcher.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Report List' }).click();
    await watcher.getByRole('button', { name: /^Ready!/ }).waitFor();
  });
  await context.close();
});
