import type { Measure } from '../../../src/shared/api/premium';
import { epcBand } from '../../../src/shared/epc-bands';
import { PLAN_ID, type PlanId } from '../../../src/shared/states';
import type { PremiumPlan, PremiumReportInput } from '../../../src/server/pdf/premium-input';
import { addRanges, formatCostRange, parseCostRange, type CostRange } from '../../../src/server/surveys/epc/cost-range';
import { measuresFrom } from '../../../src/server/surveys/epc/measures';
import { parseSurvey } from '../../../src/server/surveys/epc/parse-survey';
import { readFixture } from '../surveys/epc/fixture-files';

/** The register's realistic England & Wales lodgement: rating 64 (D), five improvements to 91 (B). */
export const RHI_FIXTURE = 'RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml';

/**
 * A plan made from some of the survey's measures, in the order given, with each step's totals
 * recomputed from the steps before it (as the server does once the assessor has chosen them).
 */
export function planOf(
  id: PlanId,
  name: string,
  collect: 'EPC' | 'EIR',
  start: { epc: number; eir: number },
  chosen: Measure[],
): PremiumPlan {
  let epc = start.epc;
  let eir = start.eir;
  let cost: CostRange | null = { low: 0, high: 0 };
  const steps = chosen.map((m): Measure => {
    epc += m.epcIncrease;
    eir += m.eirIncrease;
    const range = parseCostRange(m.implementationCost);
    cost = cost && range ? addRanges(cost, range) : null;
    return {
      ...m,
      epcTotal: epc,
      eirTotal: eir,
      epcBand: epcBand(epc),
      eirBand: epcBand(eir),
      costTotal: cost ? formatCostRange(cost) : '',
    };
  });
  return { id, name, collect, steps, epcAfter: epc, eirAfter: eir, bandAfter: epcBand(epc), costPence: cost };
}

/** A finalised Premium report of a real fixture survey, with plans the test picks from its measures. */
export function premiumInputFrom(fixture: string, overrides: Partial<PremiumReportInput> = {}): PremiumReportInput {
  const survey = parseSurvey(readFixture(fixture));
  const measures = measuresFrom(survey);
  const start = { epc: survey.energyRating.current, eir: survey.environmentalImpact.current };
  return {
    survey,
    measures,
    reportName: '12 Epc Street, St Albans, AL1C 2DE',
    purchasedAt: new Date('2025-03-03T10:00:00Z'),
    finalisedAt: new Date('2025-03-05T15:30:00Z'),
    councilTax: { address: '12, EPC STREET, ST ALBANS', band: 'D' },
    branding: { companyName: 'Harper Energy Assessments', colour: '#0f766e', logo: null },
    assessor: { name: 'Jane Harper', email: 'jane@harper-energy.co.uk', phone: '01727 123456' },
    priority: 'getToC',
    epcStart: start.epc,
    eirStart: start.eir,
    plans: [
      planOf(PLAN_ID.cheapestToC, 'Cheapest route to band C', 'EPC', start, measures.slice(0, 2)),
      planOf(PLAN_ID.highestEpc, 'Highest energy rating', 'EPC', start, measures),
      planOf(
        PLAN_ID.largestCo2Cut,
        'Largest cut in CO2',
        'EIR',
        start,
        measures.filter((_, i) => i % 2 === 1),
      ),
    ],
    customPlan: measures.length
      ? planOf(PLAN_ID.custom, 'Quick wins before winter', 'EPC', start, [measures[measures.length - 1], measures[0]])
      : null,
    remarks: [
      'The loft hatch is uninsulated and the cylinder jacket is torn;',
      'both are cheap fixes worth doing this month.',
      '',
      'Internal wall insulation is best done room by room when you redecorate.',
    ].join('\n'),
    letting: null,
    premiumLinkUrl: 'https://app.epcplus.co.uk/s/premium/1042/12-epc-street-st-albans',
    ...overrides,
  };
}
