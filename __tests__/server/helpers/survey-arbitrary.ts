import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import type { MainFuel, Survey, SurveyCountry, SurveyImprovement, SurveyTenure } from '../../../src/server/surveys/epc/survey';

/** Every improvement number the register defines (the product's own list), and custom ones without a number. */
const IMPROVEMENT_NUMBERS = readFileSync(resolve(__dirname, '../../../src/server/data/improvement-codes.csv'), 'utf8')
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[0])
  .filter((n) => /^\d+$/.test(n));

const POSTCODES: Record<SurveyCountry, string[]> = {
  ENG: ['SW1A 2AA', 'M1 1AE', 'TD15 1AA', 'CF10 1AA'],
  WLS: ['CF10 1AA', 'LL57 2DG', 'SY23 3BX', 'SW1A 2AA'],
  EAW: ['SW1A 2AA', 'SA1 1AA', 'CH7 1AA', 'DH1 1AA', ''],
  SCT: ['EH1 2NG', 'G12 8QQ', 'FK1 1XE'],
  NIR: ['BT1 1AA', 'BT4 3SR'],
};

const rating = fc.integer({ min: 1, max: 110 });

/** A lodged cost: a range either way round, a single figure, words, or nothing. */
const cost = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 200 }))
      .map(([low, extra]) => [low * 50, (low + extra) * 50] as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 2, max: 400 }), fc.integer({ min: 1, max: 100 }))
      .map(([high, less]) => [high * 50, Math.max(1, high - less) * 50] as const),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 30_000 }).map((pounds) => [pounds, pounds] as const) },
  { weight: 1, arbitrary: fc.constantFrom('Not applicable', '') },
);

function improvement(
  sequence: number,
  number: string | null,
  text: string | null,
  lodged: readonly [number, number] | string,
  energy: number,
  environmental: number,
): SurveyImprovement {
  const indicativeCost =
    typeof lodged === 'string' ? lodged : `£${lodged[0].toLocaleString('en-GB')} - £${lodged[1].toLocaleString('en-GB')}`;
  const costRangePence = typeof lodged === 'string' ? null : { low: Math.min(...lodged) * 100, high: Math.max(...lodged) * 100 };
  return {
    sequence,
    number,
    text,
    indicativeCost,
    costRangePence,
    typicalSavingPence: 10_000,
    energyRatingAfter: energy,
    environmentalRatingAfter: environmental,
  };
}

/**
 * Surveys across the four nations, tenures and fuels with 0 to 30 improvements, whose figures
 * agree with each other (steps climbing to the lodged potential) or contradict each other (a
 * potential the steps never reach, steps whose ratings fall, reversed or missing costs,
 * placeholder texts), as real and hand-made lodgements do.
 */
export const surveyArbitrary: fc.Arbitrary<Survey> = fc
  .record({
    country: fc.constantFrom<SurveyCountry>('ENG', 'WLS', 'EAW', 'SCT', 'NIR'),
    postcodePick: fc.nat(),
    tenure: fc.constantFrom<SurveyTenure | null>('owner-occupied', 'rented-private', 'rented-social', null),
    mainFuel: fc.constantFrom<MainFuel | null>('mains-gas', 'lpg', 'oil', 'electricity', 'coal', 'biomass', 'heat-pump', null),
    mainsGas: fc.constantFrom(true, false, null),
    current: rating,
    currentEir: rating,
    lodgedPotential: rating,
    lodgedPotentialEir: rating,
    consistent: fc.boolean(),
    steps: fc.array(
      fc.record({
        number: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...IMPROVEMENT_NUMBERS) }, { weight: 1, arbitrary: fc.constant(null) }),
        text: fc.constantFrom('Install a wood-burning stove', 'Improvement desc', '', 'Replace the front door'),
        cost,
        gain: fc.integer({ min: -8, max: 15 }),
        gainEir: fc.integer({ min: -8, max: 15 }),
      }),
      { maxLength: 30 },
    ),
  })
  .map((g) => {
    let energy = g.current;
    let environmental = g.currentEir;
    const improvements = g.steps.map((step, i) => {
      // A consistent survey's steps only climb; a contradicting one's may fall.
      energy = g.consistent ? energy + Math.max(0, step.gain) : Math.max(1, energy + step.gain);
      environmental = g.consistent ? environmental + Math.max(0, step.gainEir) : Math.max(1, environmental + step.gainEir);
      return improvement(i + 1, step.number, step.number === null ? step.text : null, step.cost, energy, environmental);
    });
    const postcodes = POSTCODES[g.country];
    return {
      schema: { family: 'RdSAP', version: 'RdSAP-Schema-21.0.1', rootElement: 'RdSAP-Report' },
      country: g.country,
      tenure: g.tenure,
      mainFuel: g.mainFuel,
      mainsGas: g.mainsGas,
      rrn: '0000-0000-0000-0000-0000',
      address: { lines: ['1 Test Street'], town: 'Testtown', postcode: postcodes[g.postcodePick % postcodes.length] },
      uprn: null,
      propertyType: 'House, Semi-Detached',
      floorAreaM2: 90,
      inspectionDate: '2026-06-01',
      lodgementDate: '2026-06-02',
      assessorId: 'TEST000001',
      assessorName: 'Test Assessor',
      summary: [],
      energyRating: { current: g.current, potential: g.consistent ? energy : g.lodgedPotential },
      environmentalImpact: { current: g.currentEir, potential: g.consistent ? environmental : g.lodgedPotentialEir },
      co2: { current: 3, potential: 1.25 },
      runningCosts: [{ item: 'Heating', currentPence: 120_000, potentialPence: 80_000 }],
      improvements,
    } satisfies Survey;
  });
