import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fundingReportOf } from '../../src/server/funding/funding-report';
import { formatPoundRange } from '../../src/shared/money';
import { measuresFrom } from '../../src/server/surveys/epc/measures';
import { parseSurvey } from '../../src/server/surveys/epc/parse-survey';
import { newPage, PHONE, step } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { confirmedAssessor, readyReportViaApi } from './helpers/accounts';

// A house in Scotland, lived in by its owner: Home Energy Scotland may pay towards its insulation.
const XML = readFileSync(resolve(__dirname, '../fixtures/epc/RdSAP-Schema-S-19.0__house_epc.xml'));
const survey = parseSurvey(XML);

const journey = useJourney();
let shareUrl: string;

beforeAll(async () => {
  ({ shareUrl } = await readyReportViaApi(journey.app, await confirmedAssessor(journey.app), XML));
}, 120_000);

test('an owner on a phone sees what the home may qualify for and answers the optional check without sending a thing', async () => {
  const { grants } = fundingReportOf(survey, measuresFrom(survey), new Date());
  const total = formatPoundRange(grants.low, grants.high);
  const { page, context } = await newPage(journey.browser, PHONE);
  const calls: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && calls.push(new URL(r.url()).pathname));
  await step(page, 'funding-teaser', async () => {
    await page.goto(shareUrl);
    await page.getByText(`This home may qualify for up to ${total} in grants towards these improvements.`).waitFor();
    // The check is optional: the report is there without it.
    await page.getByRole('link', { name: 'Download Your Free Report NOW!' }).waitFor();
  });
  const callsBefore = calls.length;
  await step(page, 'funding-check', async () => {
    await page.getByRole('button', { name: 'Could you get help paying?' }).click();
    const check = page.getByRole('form', { name: 'Could you get help paying?' });
    await check.getByText('Your answers stay on this page').waitFor();
    await check.getByRole('radio', { name: 'Over £36,000' }).check();
    await check
      .getByRole('group', { name: /means-tested benefit/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await check.getByRole('status').getByText(`From your answers, this home may qualify for up to ${total} in grants.`).waitFor();
    const schemes = check.getByRole('list', { name: 'Schemes that may help' });
    await schemes
      .getByRole('listitem')
      .filter({ hasText: 'Warmer Homes Scotland' })
      .getByText('Probably not, from your answers.')
      .waitFor();
    await schemes
      .getByRole('listitem')
      .filter({ hasText: 'Home Energy Scotland Grant and Loan' })
      .getByText('You may be eligible.')
      .waitFor();
    await check
      .getByRole('group', { name: /means-tested benefit/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await schemes.getByRole('listitem').filter({ hasText: 'Warmer Homes Scotland' }).getByText('You may be eligible.').waitFor();
    await expect(check.getByText('Boiler Upgrade Scheme').count()).resolves.toBe(0);
    // The answers were judged on the phone: no call left it.
    expect(calls.slice(callsBefore)).toEqual([]);
  });
  await context.close();
});
