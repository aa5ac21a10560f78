import { epcBand } from '../../../src/shared/epc-bands';
import { fundingReportOf } from '../../../src/server/funding/funding-report';
import { renderPreliminaryPdf } from '../../../src/server/pdf/render-preliminary';
import { renderPremiumPdf } from '../../../src/server/pdf/premium/render-premium';
import { computedPremiumPlans, premiumInputOf } from '../../../src/server/premium/premium-input-of';
import { figuresOfSurvey } from '../../../src/server/reports/report-figures';
import { parseSurvey } from '../../../src/server/surveys/epc/parse-survey';
import { fixtureNames, readFixture } from '../surveys/epc/fixture-files';
import { readPdf } from '../pdf/pdf-reader';

const BRANDING = { companyName: 'Harper Energy', colour: '#0f766e', logo: null };
const ASSESSOR = { name: 'Jane Harper', email: 'jane@harper-energy.co.uk', phone: '01727 123456' };
const MADE = new Date('2026-11-02T10:00:00Z');

/** A fixture's Preliminary and Premium as the product draws them, read back as their reader sees them. */
async function reportsOf(fixture: string) {
  const { survey, measures } = figuresOfSurvey(parseSurvey(readFixture(fixture)));
  const preliminary = await renderPreliminaryPdf({
    survey,
    measures,
    reportName: '1 Test Street, AB1 2CD',
    createdAt: MADE,
    councilTax: null,
    branding: BRANDING,
    shareUrl: 'https://app.example/s/1/abcdef',
    premiumPricePence: 9900,
    assessor: ASSESSOR,
    funding: fundingReportOf(survey, measures, MADE),
  });
  const start = { epc: survey.energyRating.current, eir: survey.environmentalImpact.current };
  const plans = computedPremiumPlans(measures, start, null);
  const premium = await renderPremiumPdf(
    premiumInputOf(
      { survey, measures, plans, customPlan: null, remarks: '' },
      {
        name: '1 Test Street, AB1 2CD',
        purchasedAt: MADE.getTime(),
        finalisedAt: MADE.getTime(),
        councilTax: null,
        branding: BRANDING,
        assessor: ASSESSOR,
        priority: null,
        premiumLinkUrl: 'https://app.example/s/premium/1/abcdef',
      },
    ),
  );
  return { survey, measures, plans, preliminary: readPdf(preliminary).text, premium: readPdf(premium).text };
}

/** Every rating printed beside its band ("57 D", "B 83"), as a reader pairs them. */
function ratedPairs(text: string): { rating: number; band: string; seen: string }[] {
  const pairs: { rating: number; band: string; seen: string }[] = [];
  for (const m of text.matchAll(/(?<![\d£.,+-])(\d{1,3}) ([A-G])(?![\w-])/g)) pairs.push({ rating: Number(m[1]), band: m[2], seen: m[0] });
  for (const m of text.matchAll(/(?<![\w-])([A-G]) (\d{1,3})(?![\d.,%])/g)) pairs.push({ rating: Number(m[2]), band: m[1], seen: m[0] });
  return pairs;
}

const pounds = (text: string) => Number(text.replace(/[£,]/g, ''));

describe.each(fixtureNames())('the reports of %s state each figure once', (fixture) => {
  let reports: Awaited<ReturnType<typeof reportsOf>>;
  beforeAll(async () => {
    reports = await reportsOf(fixture);
  });

  it('print every band beside the rating it belongs to', () => {
    for (const text of [reports.preliminary, reports.premium]) {
      const wrong = ratedPairs(text).filter((p) => p.rating >= 1 && p.rating <= 150 && epcBand(p.rating) !== p.band);
      expect(wrong.map((p) => p.seen)).toEqual([]);
    }
  });

  it('give one potential: the cover, the summary and the last step agree', () => {
    const { survey, measures, plans, preliminary, premium } = reports;
    const potential = survey.energyRating.potential;
    expect(potential).toBe(measures.at(-1)?.epcTotal ?? survey.energyRating.current);
    // Each cover shows the ratings now first and the potential last.
    const coverRatings = (text: string) => [...text.split('\f')[0].matchAll(/\b([A-G]) (\d+)\s+points/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(coverRatings(preliminary).at(-1)).toBe(`${epcBand(potential)} ${potential}`);
    // The Premium's cover shows where its leading plan takes the home.
    if (plans.length > 0) expect(coverRatings(premium).at(-1)).toBe(`${plans[0].bandAfter} ${plans[0].epcAfter}`);
    const everything = plans.find((p) => p.id === 'allRecommended');
    if (everything) expect(everything.epcAfter).toBe(potential);
    if (measures.length > 0) expect(preliminary).toContain(`to ${epcBand(potential)} (${potential} points)`);
  });

  it('write CO2 to one decimal place and every range low to high', () => {
    for (const text of [reports.preliminary, reports.premium]) {
      for (const m of text.matchAll(/(-?[\d.]+) tonnes/g)) expect(m[1]).toMatch(/^-?\d+\.\d$/);
      for (const m of text.matchAll(/(£[\d,]+) – (£[\d,]+)/g)) expect(pounds(m[1])).toBeLessThan(pounds(m[2]));
    }
  });
});
