import fc from 'fast-check';
import type { Measure } from '../../../src/shared/api/premium';
import { epcBand } from '../../../src/shared/epc-bands';
import { inForce } from '../../../src/server/funding/eligibility';
import { fundingReportOf, type FundingReport } from '../../../src/server/funding/funding-report';
import type { PlanFunding } from '../../../src/server/funding/plan-funding';
import { FUNDING_RULES } from '../../../src/server/funding/rules';
import { callToActionOf } from '../../../src/server/pdf/call-to-action';
import { homeNationOf } from '../../../src/server/surveys/epc/country';
import { measureCategory } from '../../../src/server/surveys/epc/measure-category';
import type { PremiumPlan } from '../../../src/server/pdf/premium-input';
import { computedPremiumPlans, premiumInputOf } from '../../../src/server/premium/premium-input-of';
import { figuresOfSurvey } from '../../../src/server/reports/report-figures';
import { addRanges, parseCostRange, type CostRange } from '../../../src/server/surveys/epc/cost-range';
import type { Survey } from '../../../src/server/surveys/epc/survey';
import { surveyArbitrary } from '../helpers/survey-arbitrary';

const MADE = new Date('2026-11-02T10:00:00Z');

/** A survey's Preliminary and Premium as the product models them, every plan it offers included. */
function modelsOf(lodged: Survey) {
  const { survey, measures } = figuresOfSurvey(lodged);
  const preliminary = { survey, measures, funding: fundingReportOf(survey, measures, MADE) };
  const start = { epc: survey.energyRating.current, eir: survey.environmentalImpact.current };
  const premium = premiumInputOf(
    { survey, measures, plans: computedPremiumPlans(measures, start, null), customPlan: null, remarks: '' },
    {
      name: '1 Test Street, AB1 2CD',
      purchasedAt: MADE.getTime(),
      finalisedAt: MADE.getTime(),
      councilTax: null,
      branding: { companyName: 'Harper', colour: '#0f766e', logo: null },
      assessor: { name: 'Jane Harper', email: 'jane@example.com', phone: '' },
      priority: null,
      premiumLinkUrl: 'https://app.example/s/premium/1/abc',
    },
  );
  return { preliminary, premium };
}

/** Steps climb from the start: no rating falls, and each band is its rating's. */
function expectClimbing(steps: readonly Measure[], start: { epc: number; eir: number }) {
  let epc = start.epc;
  let eir = start.eir;
  for (const step of steps) {
    expect(step.epcTotal).toBeGreaterThanOrEqual(epc);
    expect(step.eirTotal).toBeGreaterThanOrEqual(eir);
    expect(step.epcBand).toBe(epcBand(step.epcTotal));
    expect(step.eirBand).toBe(epcBand(step.eirTotal));
    epc = step.epcTotal;
    eir = step.eirTotal;
  }
}

/** "Cost so far" is the running sum of the steps' costs at both ends, and unknown from the first step without one. */
function expectRunningCost(steps: readonly Measure[]) {
  let sum: CostRange | null = { low: 0, high: 0 };
  for (const step of steps) {
    const cost = parseCostRange(step.implementationCost);
    sum = sum && cost ? addRanges(sum, cost) : null;
    expect(parseCostRange(step.costTotal)).toEqual(sum);
  }
  return sum;
}

/**
 * Funding that can be: grants at each end never more than the work they pay for, nothing below
 * zero, loans and reliefs never taken off, and no scheme outside the home's nation, tenure, date
 * or measures.
 */
function expectFundingAddsUp(funding: PlanFunding, survey: Survey) {
  const nation = homeNationOf(survey);
  const tenure = survey.tenure ?? 'owner-occupied';
  for (const end of ['low', 'high'] as const) {
    let grants = 0;
    for (const measure of funding.measures) {
      expect(measure.grantPence[end]).toBeGreaterThanOrEqual(0);
      expect(measure.grantPence[end]).toBeLessThanOrEqual(measure.cost?.[end] ?? 0);
      grants += measure.grantPence[end];
    }
    expect(funding.grants[end]).toBe(grants);
    expect(funding.grantSchemes.reduce((sum, s) => sum + s.grantPence[end], 0)).toBe(grants);
    if (funding.cost) {
      expect(funding.after?.[end]).toBe(Math.max(0, funding.cost[end] - grants));
      expect(funding.after![end]).toBeGreaterThanOrEqual(0);
    } else expect(funding.after).toBeNull();
  }
  for (const scheme of [...funding.loans, ...funding.reliefs]) expect(scheme.grantPence).toEqual({ low: 0, high: 0 });
  for (const measure of funding.measures) {
    const number = /^\d+$/.test(measure.code) ? Number(measure.code) : null;
    for (const offer of measure.offers) {
      const rule = FUNDING_RULES.find((r) => r.id === offer.ruleId)!;
      expect(rule.nations).toContain(nation);
      expect(rule.tenures).toContain(tenure);
      expect(inForce(rule, funding.onDate)).toBe(true);
      const covers =
        (number !== null && (rule.measures.numbers ?? []).includes(number)) ||
        (rule.measures.categories ?? []).includes(measureCategory(measure.code));
      expect(covers).toBe(true);
    }
  }
}

function expectPlanAddsUp(plan: PremiumPlan, start: { epc: number; eir: number }) {
  expect(plan.steps.length).toBeGreaterThan(0);
  expectClimbing(plan.steps, start);
  const last = plan.steps.at(-1)!;
  expect([plan.epcAfter, plan.eirAfter, plan.bandAfter]).toEqual([last.epcTotal, last.eirTotal, epcBand(last.epcTotal)]);
  expect(plan.costPence).toEqual(expectRunningCost(plan.steps));
}

describe('every figure a report shows, over surveys of every kind', () => {
  it('agrees wherever it is shown, climbs along every plan and adds up', () => {
    fc.assert(
      fc.property(surveyArbitrary, (lodged) => {
        const { preliminary, premium } = modelsOf(lodged);
        const { survey, measures } = preliminary;
        const start = { epc: survey.energyRating.current, eir: survey.environmentalImpact.current };

        // One potential: the cover's is where the steps lead, and where "everything recommended" ends.
        expect(survey.energyRating.potential).toBe(measures.at(-1)?.epcTotal ?? start.epc);
        expect(survey.environmentalImpact.potential).toBe(measures.at(-1)?.eirTotal ?? start.eir);
        expect(premium.survey.energyRating).toEqual(survey.energyRating);
        expect([premium.epcStart, premium.eirStart]).toEqual([start.epc, start.eir]);

        // Ratings never fall along the steps, bands match ratings, cost so far is the running sum.
        expectClimbing(measures, start);
        expectRunningCost(measures);
        expect(premium.measures).toEqual(measures);

        // Every plan offered has steps, climbs, and its totals are its steps'; none is offered with nothing to improve.
        for (const plan of premium.plans) expectPlanAddsUp(plan, start);
        const improves = measures.some((m) => m.epcIncrease > 0 || m.eirIncrease > 0);
        if (!improves) expect(premium.plans).toEqual([]);
        const everything = premium.plans.find((p) => p.id === 'allRecommended');
        if (everything) expect(everything.epcAfter).toBe(survey.energyRating.potential);

        // Funding adds up for the home and for every plan, and the Premium knows all the Preliminary does.
        expectFundingAddsUp(preliminary.funding.home, survey);
        for (const plan of premium.plans) expectFundingAddsUp(plan.funding!, survey);
        const schemesOf = (report: FundingReport | null | undefined) => (report?.schemes ?? []).map((s) => s.title);
        expect(schemesOf(premium.funding)).toEqual(expect.arrayContaining(schemesOf(preliminary.funding)));

        // No plan sold with nothing to improve, and no price or "order online" without card payment.
        const offer = (cardPayments: boolean) =>
          callToActionOf({
            survey,
            measures,
            premiumPricePence: 9900,
            cardPayments,
            visitBooking: false,
            shareUrl: 'https://app.example/s/1/abc',
            assessor: null,
          });
        const withoutCard = offer(false);
        expect(withoutCard?.price ?? null).toBeNull();
        expect(JSON.stringify(withoutCard)).not.toMatch(/£|order it online/i);
        for (const card of [true, false]) {
          const shown = offer(card);
          if (!improves) expect(shown?.title ?? null).not.toBe('Upgrade to the Premium Report');
          else expect(shown?.title).toBe('Upgrade to the Premium Report');
        }
      }),
      { numRuns: 1000 },
    );
  });
});
