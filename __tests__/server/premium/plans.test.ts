import fc from 'fast-check';
import type { Measure } from '../../../src/shared/api/premium';
import { PRIORITIES } from '../../../src/shared/constants';
import { epcBand } from '../../../src/shared/epc-bands';
import { PLAN_ID } from '../../../src/shared/states';
import { BAND_C_MIN, cheapestToC, totalCostKey } from '../../../src/server/funding/cheapest-to-c';
import { lettingOf } from '../../../src/server/funding/letting';
import { computePlans } from '../../../src/server/premium/plans';
import { PLAN_FOR_PRIORITY } from '../../../src/shared/rules/leading-plan';
import { premiumPlanOf } from '../../../src/server/premium/plan-steps';
import { measuresFrom } from '../../../src/server/surveys/epc/measures';
import { parseSurvey } from '../../../src/server/surveys/epc/parse-survey';
import { fixtureNames, readFixture } from '../surveys/epc/fixture-files';

const surveys = fixtureNames().map((name) => {
  const survey = parseSurvey(readFixture(name));
  return {
    name,
    survey,
    measures: measuresFrom(survey),
    start: { epc: survey.energyRating.current, eir: survey.environmentalImpact.current },
  };
});

/** The cost order (cheapest-to-c.ts) written out on its own, so the brute force does not lean on the code it checks. */
function compareCostKeys(a: readonly number[], b: readonly number[]): number {
  const i = a.findIndex((n, k) => n !== b[k]);
  return i < 0 ? 0 : a[i] - b[i];
}

/** Every subset, the slow and obvious way: the cheapest one reaching band C, by the same cost order. */
function bruteForceToC(measures: Measure[], epcStart: number): ReturnType<typeof totalCostKey> | null {
  let best: ReturnType<typeof totalCostKey> | null = null;
  for (let mask = 0; mask < 1 << measures.length; mask++) {
    const set = measures.filter((_, i) => mask & (1 << i));
    if (epcStart + set.reduce((n, m) => n + m.epcIncrease, 0) < BAND_C_MIN) continue;
    const cost = totalCostKey(set);
    if (!best || compareCostKeys(cost, best) < 0) best = cost;
  }
  return best;
}

const measure = (epcIncrease: number, implementationCost: string, eirIncrease = epcIncrease): Measure => ({
  code: `m${epcIncrease}-${implementationCost}`,
  name: 'A measure',
  implementationCost,
  costTotal: '',
  epcIncrease,
  eirIncrease,
  epcTotal: 0,
  eirTotal: 0,
  epcBand: 'G',
  eirBand: 'G',
  image: '',
});

describe('the plans computed from every fixture survey', () => {
  it.each(surveys.map((s) => [s.name, s] as const))('%s: each plan claims only the bands its points reach', (_name, s) => {
    for (const priority of [...PRIORITIES, null]) {
      const plans = computePlans(s.measures, s.start, priority);
      for (const plan of plans) {
        expect(plan.data.measures.length).toBeGreaterThan(0);
        let epc = s.start.epc;
        let eir = s.start.eir;
        for (const step of plan.data.measures) {
          epc += step.epcIncrease;
          eir += step.eirIncrease;
          expect([step.epcTotal, step.eirTotal, step.epcBand, step.eirBand]).toEqual([epc, eir, epcBand(epc), epcBand(eir)]);
        }
        const drawn = premiumPlanOf(plan, s.start, plan.data.measures);
        expect([drawn.epcAfter, drawn.bandAfter]).toEqual([epc, epcBand(epc)]);
        // Survey order is kept in every plan.
        const order = plan.data.measures.map((m) => s.measures.findIndex((o) => o.code === m.code));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }
      const toC = plans.find((p) => p.id === PLAN_ID.cheapestToC);
      const best = bruteForceToC(s.measures, s.start.epc);
      if (s.start.epc >= BAND_C_MIN || !best) expect(toC).toBeUndefined();
      else {
        expect(toC!.data.measures.at(-1)!.epcTotal).toBeGreaterThanOrEqual(BAND_C_MIN);
        expect(totalCostKey(toC!.data.measures)).toEqual(best);
      }
      const highest = plans.find((p) => p.id === PLAN_ID.highestEpc);
      const most = s.start.epc + s.measures.reduce((n, m) => n + Math.max(0, m.epcIncrease), 0);
      if (highest) expect(highest.data.measures.at(-1)!.epcTotal).toBe(most);
      const all = plans.find((p) => p.id === PLAN_ID.allRecommended);
      expect(all?.data.measures.map((m) => m.code) ?? []).toEqual(s.measures.map((m) => m.code));
      // The owner's priority leads when its plan is offered.
      const lead = PLAN_FOR_PRIORITY[priority ?? 'improveEnergyEfficiency'];
      if (plans.some((p) => p.id === lead)) expect(plans[0].id).toBe(lead);
    }
  });

  it('finds the cheapest way to C in the five-measure survey: one £3,500 step, not two cheaper-looking ones', () => {
    const s = surveys.find((x) => x.name.startsWith('RHI_UAT_scenarios__0000'))!;
    const [toC] = computePlans(s.measures, s.start, 'getToC');
    expect(toC.id).toBe(PLAN_ID.cheapestToC);
    expect(toC.data.measures.map((m) => [m.implementationCost, m.epcTotal, m.epcBand, m.costTotal])).toEqual([
      ['£3,500 - £5,500', 80, 'C', '£3,500 – £5,500'],
    ]);
  });
});

describe('the cheapest set reaching band C', () => {
  const cost = fc.oneof(
    fc
      .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 50 }))
      .map(([low, extra]) => `£${low * 10} - £${(low + extra) * 10}`),
    fc.integer({ min: 1, max: 2000 }).map((n) => `£${n}`),
    fc.constant('Not applicable'),
  );
  const measures = fc.array(
    fc.tuple(fc.integer({ min: -5, max: 30 }), cost).map(([points, c]) => measure(points, c)),
    { maxLength: 11 },
  );

  it('costs what brute force over every subset finds, and reaches C, or says none can exactly when none can', () => {
    fc.assert(
      fc.property(measures, fc.integer({ min: 1, max: 80 }), (list, start) => {
        const chosen = cheapestToC(list, start);
        const best = bruteForceToC(list, start);
        if (best === null) return chosen === null;
        if (chosen === null) return false;
        const set = chosen.map((i) => list[i]);
        return start + set.reduce((n, m) => n + m.epcIncrease, 0) >= BAND_C_MIN && compareCostKeys(totalCostKey(set), best) === 0;
      }),
      { numRuns: 400 },
    );
  });

  it('is nothing to do for a home at C already, and prefers a set whose every cost is known', () => {
    expect(cheapestToC([measure(10, '£100')], 69)).toEqual([]);
    expect(cheapestToC([measure(20, 'Not applicable'), measure(12, '£9,000'), measure(10, '£50')], 50)).toEqual([1, 2]);
    expect(cheapestToC([measure(5, '£1')], 50)).toBeNull();
  });
});

describe('the letting section', () => {
  const rented = (xml: string, tenure: string) => parseSurvey(xml.replace(/<Tenure>\d<\/Tenure>/, `<Tenure>${tenure}</Tenure>`));
  const ew = readFixture('RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml').toString('utf8');

  it('reads the lodged tenure of every kind', () => {
    expect(parseSurvey(ew).tenure).toBe('owner-occupied');
    expect(rented(ew, '2').tenure).toBe('rented-social');
    expect(rented(ew, '3').tenure).toBe('rented-private');
    expect(parseSurvey(readFixture('SAP-Schema-19.0.0__compliance-report.xml')).tenure).toBeNull();
    expect(parseSurvey(readFixture('SAP-Schema-12.0__rdsap.xml')).tenure).toBeNull();
  });

  it('says whether a privately rented home in England and Wales meets band E, and what takes it to C', () => {
    const survey = rented(ew, '3');
    const letting = lettingOf(survey, measuresFrom(survey));
    expect(letting).toMatchObject({ minimumBand: 'E', meetsMinimum: true });
    expect(letting!.toReachC!.map((m) => m.implementationCost)).toEqual(['£3,500 - £5,500']);
    const bandF = { ...survey, energyRating: { current: 30, potential: 35 } };
    expect(lettingOf(bandF, [measure(5, '£100')])).toMatchObject({ meetsMinimum: false, toReachC: null });
    expect(lettingOf({ ...bandF, energyRating: { current: 39, potential: 39 } }, [])).toMatchObject({ meetsMinimum: true });
  });

  it('has no section for an owner-occupied or social home, nor in Scotland or Northern Ireland where no standard is in force', () => {
    const owner = parseSurvey(ew);
    expect(lettingOf(owner, measuresFrom(owner))).toBeNull();
    expect(lettingOf(rented(ew, '2'), [])).toBeNull();
    const scottish = parseSurvey(readFixture('RdSAP-Schema-S-16.1__epc.xml'));
    expect(scottish.tenure).toBe('rented-private');
    expect(lettingOf(scottish, measuresFrom(scottish))).toBeNull();
    expect(lettingOf({ ...owner, tenure: 'rented-private', country: 'NIR' }, [])).toBeNull();
  });
});
