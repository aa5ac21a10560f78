import fc from 'fast-check';
import { EPC_BANDS } from '../../../src/shared/epc-bands';
import { capStatusOf, standardById } from '../../../src/server/funding/letting-standards';
import { homeCompliance, portfolioCompliance, type WorkOrder } from '../../../src/server/portfolios/compliance';
import { figuresOfSurvey } from '../../../src/server/reports/report-figures';
import { surveyArbitrary } from '../helpers/survey-arbitrary';

const TODAY = '2026-11-28';
const BAND_C = EPC_BANDS.find((b) => b.band === 'C')!.min;
const CAP = standardById('ew-2030-c').costCapPence;

/** A landlord's homes: surveys of every nation and kind, each settled as a report would be. */
const portfolioArbitrary = fc
  .array(surveyArbitrary, { minLength: 1, maxLength: 12 })
  .map((surveys) => surveys.map((survey, i) => homeCompliance(i + 1, figuresOfSurvey(survey), TODAY)));
const orderArbitrary = fc.constantFrom<WorkOrder>('worst-first', 'cheapest-points-first');

describe('a portfolio against the letting standards', () => {
  it('totals the known routes at both ends, before and after funding, and counts every home once', () => {
    fc.assert(
      fc.property(portfolioArbitrary, orderArbitrary, (homes, order) => {
        const summary = portfolioCompliance(homes, order);
        const known = homes.flatMap((h) => (h.route?.cost ? [h.route] : []));
        expect(summary.cost).toEqual({
          low: known.reduce((s, r) => s + r.cost!.low, 0),
          high: known.reduce((s, r) => s + r.cost!.high, 0),
        });
        expect(summary.after).toEqual({
          low: known.reduce((s, r) => s + r.after!.low, 0),
          high: known.reduce((s, r) => s + r.after!.high, 0),
        });
        expect(summary.cost.low).toBeLessThanOrEqual(summary.cost.high);
        expect(summary.after.low).toBeLessThanOrEqual(summary.cost.low);
        expect(summary.after.high).toBeLessThanOrEqual(summary.cost.high);
        expect(summary.homes.map((h) => h.id).sort((a, b) => a - b)).toEqual(homes.map((h) => h.id));
        const count = (bands: Record<string, number>) => Object.values(bands).reduce((s, n) => s + n, 0);
        expect(count(summary.bandsNow)).toBe(homes.length);
        expect(count(summary.bandsAfter)).toBe(homes.length);
        expect(summary.failingNext).toBe(summary.homes.filter((h) => h.meetsNext === false).length);
      }),
      { numRuns: 300 },
    );
  });

  it('never lists a home at band C or above as failing, and gives it no route', () => {
    fc.assert(
      fc.property(portfolioArbitrary, (homes) => {
        for (const home of homes.filter((h) => h.rating >= BAND_C)) {
          expect(home.meetsNext).not.toBe(false);
          expect(home.meetsNow).not.toBe(false);
          expect(home.route).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('marks a route over the £10,000 cap exactly when its low end exceeds it, may-exceed exactly when only its high end does', () => {
    fc.assert(
      fc.property(portfolioArbitrary, (homes) => {
        for (const route of homes.flatMap((h) => (h.route ? [h.route] : []))) {
          if (!route.cost) expect(route.cap).toBe('cost-unknown');
          else {
            expect(route.cap === 'over').toBe(route.cost.low > CAP);
            expect(route.cap === 'may-exceed').toBe(route.cost.low <= CAP && route.cost.high > CAP);
          }
          // A route is only offered when it reaches the coming band.
          expect(route.reaches).toBeGreaterThanOrEqual(BAND_C);
        }
      }),
      { numRuns: 300 },
    );
    expect([9_999_99, 10_000_00, 10_000_01].map((high) => capStatusOf({ low: 500_000, high }, CAP))).toEqual([
      'within',
      'within',
      'may-exceed',
    ]);
    expect(capStatusOf({ low: 10_000_01, high: 12_000_00 }, CAP)).toBe('over');
  });

  it('holds homes in Scotland and Northern Ireland to no England-and-Wales standard', () => {
    fc.assert(
      fc.property(surveyArbitrary, (survey) => {
        const home = homeCompliance(1, figuresOfSurvey(survey), TODAY);
        const englandOrWales = !['SCT', 'NIR'].includes(survey.country);
        expect(home.standardNow !== null).toBe(englandOrWales);
        expect(home.standardNext !== null).toBe(englandOrWales);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a home at band C compliant until its certificate expires', () => {
    const [survey] = fc.sample(surveyArbitrary, { numRuns: 1, seed: 7 });
    const home = homeCompliance(
      1,
      figuresOfSurvey({
        ...survey,
        country: 'ENG',
        energyRating: { current: 72, potential: 72 },
        lodgementDate: '2024-03-15',
        improvements: [],
      }),
      TODAY,
    );
    expect(home).toMatchObject({
      band: 'C',
      meetsNow: true,
      meetsNext: true,
      certificateExpires: '2034-03-15',
      compliantUntil: '2034-03-15',
      route: null,
    });
  });
});
