import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseSurvey } from '../../src/server/surveys/epc/parse-survey';
import { measuresFrom } from '../../src/server/surveys/epc/measures';
import { newPage, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, logIn } from './helpers/accounts';
import { openReadyPdf, pdfText, premiumReportToPayment } from './helpers/reports';

const FIXTURE = resolve(__dirname, '../fixtures/epc/RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
const measures = measuresFrom(parseSurvey(readFileSync(FIXTURE)));
const CUSTOM_NAME = 'Warm first, then the boiler';
const REMARKS = 'Start with the loft before winter.\nThe boiler can wait until spring.';

const journey = useJourney();

test('an assessor buys a Premium report with a credit, finalises it with a custom plan and remarks, and opens its PDF from Premium Reports', async () => {
  const assessor = await confirmedAssessor(journey.app);
  journey.app.cli('credits', 'grant', assessor.email, '1');
  const { page, context } = await newPage(journey.browser);
  await logIn(page, journey.app, assessor);

  await step(page, 'premium-buy', async () => {
    await premiumReportToPayment(page, { xmlFile: FIXTURE });
    await page.getByRole('button', { name: 'Use one of my free premium credits' }).click();
    await page.getByRole('link', { name: 'Edit Premium Report' }).click();
    await page.getByRole('heading', { name: 'Finalise Premium Report' }).waitFor();
  });

  const planNames = await step(page, 'premium-finalise', async () => {
    await page.getByRole('heading', { name: 'Measures found in the survey' }).waitFor();
    // Each plan's own name: a card for identical plans names each of them.
    const names = await page.locator('article.premium-plan .premium-plan-name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    await page.getByRole('switch', { name: 'Add a custom plan of your own' }).check();
    await page.getByLabel('Custom plan name').fill(CUSTOM_NAME);
    const picker = page.getByRole('group', { name: /Measures in the custom plan/ });
    await picker.getByRole('checkbox', { name: measures[0].name, exact: true }).check();
    await picker.getByRole('checkbox', { name: measures[1].name, exact: true }).check();
    await page.getByLabel('Your remarks for the owner').fill(REMARKS);
    await page.getByRole('button', { name: 'Finalise' }).click();
    await page.waitForURL(/\/premium$/);
    await page.getByRole('heading', { name: 'Premium Reports' }).waitFor();
    return names;
  });

  const text = await step(page, 'premium-pdf', async () => pdfText(await openReadyPdf(page, context)));
  for (const name of [...planNames, CUSTOM_NAME]) expect(text).toContain(name);
  for (const line of REMARKS.split('\n')) expect(text).toContain(line);
  await context.close();
});
