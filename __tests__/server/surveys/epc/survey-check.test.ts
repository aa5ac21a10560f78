import { parseSurvey } from '../../../../src/server/surveys/epc/parse-survey';
import type { Survey } from '../../../../src/server/surveys/epc/survey';
import { SURVEY_RULES, checkSurvey } from '../../../../src/server/surveys/epc/survey-check';
import { SURVEY_CHECKS } from '../../../../src/shared/rules/survey-checks';
import { readFixture } from './fixture-files';

/**
 * The realistic E&W lodgement (CF10 1AB, Wales; 64 -> 91 in five steps, every cost a range): the
 * check finds nothing in it, so each test changes one thing and sees the one rule it breaks.
 */
const SAMPLE = 'RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml';
const sampleXml = () => readFixture(SAMPLE).toString('utf8');
const sample = (): Survey => parseSurvey(readFixture(SAMPLE));

/** The sample with its improvements changed: each edit by position, 1 for the first step. */
function withSteps(edit: Record<number, Partial<Survey['improvements'][number]>>, base = sample()): Survey {
  return { ...base, improvements: base.improvements.map((step, i) => ({ ...step, ...edit[i + 1] })) };
}

const found = (survey: Survey, rule?: string) =>
  checkSurvey(survey)
    .filter((f) => rule === undefined || f.rule === rule)
    .map((f) => [f.severity, f.message]);

/** The sample XML with one lodged text replaced, read as an upload would be. */
function sampleWith(lodged: string, replacement: string): Survey {
  const xml = sampleXml();
  if (!xml.includes(lodged)) throw new Error(`${lodged} is not in the sample`);
  return parseSurvey(xml.replace(lodged, replacement));
}

describe('the survey check', () => {
  it('finds nothing in a lodgement whose figures agree', () => {
    expect(checkSurvey(sample())).toEqual([]);
  });

  it('lists every rule of the Help page once, each with a check, a title and an explanation', () => {
    expect(SURVEY_RULES.map((r) => r.id)).toEqual(SURVEY_CHECKS.map((c) => c.id));
    expect(new Set(SURVEY_RULES.map((r) => r.id)).size).toBe(SURVEY_RULES.length);
    for (const rule of SURVEY_RULES) {
      expect(typeof rule.check).toBe('function');
      expect(rule.title.length).toBeGreaterThan(10);
      expect(rule.explanation.length).toBeGreaterThan(40);
    }
  });

  describe('potential-not-reached', () => {
    it('warns where the lodged potential is not where the steps lead, and says the report uses the rating after the last', () => {
      // The last step lodges 80 where the certificate's potential is 91.
      const survey = withSteps({ 5: { energyRatingAfter: 80 } });
      expect(found(survey, 'potential-not-reached')).toEqual([
        [
          'warn',
          "The certificate's potential energy rating is B 91, but its improvements, done in order, reach C 80: the report uses C 80.",
        ],
      ]);
      // A last step that falls counts as adding no points (P1): the potential used is the highest reached before it.
      expect(found(withSteps({ 5: { energyRatingAfter: 60 } }), 'potential-not-reached')).toEqual([
        [
          'warn',
          "The certificate's potential energy rating is B 91, but its improvements, done in order, reach C 75: the report uses C 75.",
        ],
      ]);
    });

    it('checks the environmental impact potential on its own, and a survey with no steps against its current rating', () => {
      const base = sample();
      const survey = {
        ...base,
        improvements: [],
        energyRating: { current: 64, potential: 64 },
        environmentalImpact: { current: 62, potential: 92 },
      };
      expect(found(survey, 'potential-not-reached')).toEqual([
        [
          'warn',
          "The certificate's potential environmental impact rating is A 92, but it suggests no improvement, so the rating stays at D 62: the report uses D 62.",
        ],
      ]);
    });
  });

  describe('rating-falls', () => {
    it('warns for a step rated below the step before it: the step adds no points', () => {
      const survey = withSteps({ 3: { energyRatingAfter: 68 } });
      expect(found(survey, 'rating-falls')).toEqual([
        ['warn', "Step 3's energy rating (68) is lower than step 2's (70): the report counts step 3 as adding no points."],
      ]);
    });

    it('compares the first step with the current rating, and a later one with the rating reached before it', () => {
      // The sample's current environmental impact rating is 62.
      const survey = withSteps({ 1: { environmentalRatingAfter: 60 }, 2: { environmentalRatingAfter: 55 } });
      expect(found(survey, 'rating-falls')).toEqual([
        [
          'warn',
          "Step 1's environmental impact rating (60) is lower than the current rating (62): the report counts step 1 as adding no points.",
        ],
        [
          'warn',
          "Step 2's environmental impact rating (55) is lower than the 62 reached before it: the report counts step 2 as adding no points.",
        ],
      ]);
    });
  });

  describe('step-adds-nothing', () => {
    it('warns for a step rated the same as the current rating or the step before it', () => {
      const survey = withSteps({ 1: { energyRatingAfter: 64 }, 4: { environmentalRatingAfter: 74 } });
      expect(found(survey, 'step-adds-nothing')).toEqual([
        ['warn', "Step 1's energy rating (64) is the same as the current rating (64): step 1 adds no energy points."],
        ['warn', "Step 4's environmental impact rating (74) is the same as step 3's (74): step 4 adds no environmental impact points."],
      ]);
    });
  });

  describe('current-band-mismatch', () => {
    it('refuses a file whose lodged current band is not the band of its current rating', () => {
      const survey = sampleWith(
        '<Energy-Rating-Current>64<',
        '<Energy-Rating-Current-Band>C</Energy-Rating-Current-Band><Energy-Rating-Current>64<',
      );
      expect(survey.lodgedBands).toEqual({ energyCurrent: 'C' });
      expect(found(survey)).toEqual([
        [
          'refuse',
          'The certificate lodges band C beside its current energy rating of 64, which is band D. It contradicts itself on the rating every figure starts from, so no report can be made from it: please check the file in your software.',
        ],
      ]);
    });

    it('accepts a lodged band that is the band of its rating, in either case', () => {
      const survey = sampleWith(
        '<Energy-Rating-Current>64<',
        '<Energy-Rating-Current-Band>d</Energy-Rating-Current-Band><Energy-Rating-Current>64<',
      );
      expect(survey.lodgedBands).toEqual({ energyCurrent: 'D' });
      expect(checkSurvey(survey)).toEqual([]);
    });

    it('refuses a current environmental impact band that disagrees too', () => {
      const survey = { ...sample(), lodgedBands: { environmentalCurrent: 'B' as const } };
      expect(found(survey, 'current-band-mismatch')).toEqual([
        [
          'refuse',
          'The certificate lodges band B beside its current environmental impact rating of 62, which is band D. It contradicts itself on the rating every figure starts from, so no report can be made from it: please check the file in your software.',
        ],
      ]);
    });
  });

  describe('potential-band-mismatch', () => {
    it('warns where a lodged potential band is not the band of the potential rating, and never shows it', () => {
      const survey = sampleWith(
        '<Energy-Rating-Potential>91<',
        '<Potential-Energy-Efficiency-Band>A</Potential-Energy-Efficiency-Band><Energy-Rating-Potential>91<',
      );
      expect(survey.lodgedBands).toEqual({ energyPotential: 'A' });
      expect(found(survey)).toEqual([
        [
          'warn',
          'The certificate lodges band A beside its potential energy rating of 91, which is band B: the report never shows band A, as its bands always come from the ratings.',
        ],
      ]);
    });
  });

  describe('cost-missing', () => {
    it('warns for a step with no cost, or with words that are no amount', () => {
      const survey = withSteps({
        2: { indicativeCost: '', costRangePence: null },
        4: { indicativeCost: 'Not applicable', costRangePence: null },
      });
      expect(found(survey, 'cost-missing')).toEqual([
        ['warn', 'Step 2 has no indicative cost: the report shows no cost for it, and the cost of a plan that includes it as not known.'],
        [
          'warn',
          'Step 4\'s indicative cost ("Not applicable") is not an amount: the report shows no cost for it, and the cost of a plan that includes it as not known.',
        ],
      ]);
    });
  });

  describe('cost-reversed', () => {
    it('reads a range lodged high to low, keeps the lodged order visible, and warns that it is used low to high', () => {
      const survey = sampleWith('<Indicative-Cost>£4,000 - £6,000<', '<Indicative-Cost>£6,000 - £4,000<');
      const step = survey.improvements[3];
      expect(step.costRangePence).toEqual({ low: 400000, high: 600000 });
      expect(step.costLodgedReversed).toBe(true);
      expect(survey.improvements.filter((s) => s.costLodgedReversed).length).toBe(1);
      expect(found(survey)).toEqual([
        ['warn', 'Step 4\'s cost is lodged high to low ("£6,000 - £4,000"): the report uses £4,000 – £6,000.'],
      ]);
    });

    it('does not mark a range lodged low to high, or one amount', () => {
      for (const cost of ['£4,000 to £6,000', '£5,000', '4000-6000']) {
        const survey = sampleWith('<Indicative-Cost>£4,000 - £6,000<', `<Indicative-Cost>${cost}<`);
        expect(survey.improvements[3].costLodgedReversed).toBeUndefined();
      }
    });
  });

  describe('cost-implausible', () => {
    it('warns for a cost below £1', () => {
      const survey = withSteps({ 3: { indicativeCost: '£0', costRangePence: { low: 0, high: 0 } } });
      expect(found(survey, 'cost-implausible')).toEqual([
        ['warn', `Step 3's cost ("£0") is less than £1, which no work on a home costs: please check it. The report uses it as lodged.`],
      ]);
    });

    it('warns for a cost more than 20 times the most that kind of work costs, by its measure', () => {
      // Step 3 is improvement 2, a hot water cylinder jacket: £40,001 is past 20 times £2,000.
      const survey = withSteps({ 3: { indicativeCost: '£15 - £40,001', costRangePence: { low: 1500, high: 4000100 } } });
      expect(found(survey, 'cost-implausible')).toEqual([
        [
          'warn',
          `Step 3's cost ("£15 - £40,001") is more than 20 times the most a home pays for hot water improvements (£2,000): please check it. The report uses it as lodged.`,
        ],
      ]);
      // The same amount for solid wall insulation (step 2, improvement 7) is a dear job, not a slip.
      expect(found(withSteps({ 2: { costRangePence: { low: 1500, high: 4000100 } } }), 'cost-implausible')).toEqual([]);
    });
  });

  describe('placeholder-description', () => {
    it('warns for a custom improvement whose text is a placeholder or empty, naming what is shown instead', () => {
      const survey = withSteps({ 2: { number: null, text: 'Improvement desc' }, 5: { number: null, text: null } });
      expect(found(survey, 'placeholder-description')).toEqual([
        ['warn', 'Step 2\'s description ("Improvement desc") is a placeholder: the report shows it as "Suggested improvement".'],
        ['warn', 'Step 5 has no description: the report shows it as "Suggested improvement".'],
      ]);
      expect(found(withSteps({ 2: { number: null, text: 'Fit a new front door' } }), 'placeholder-description')).toEqual([]);
    });
  });

  describe('postcode-outside-nation', () => {
    const at = (country: Survey['country'], postcode: string) => {
      const base = sample();
      return { ...base, country, address: { ...base.address, postcode } };
    };

    it('warns where the postcode is in another nation than the country code, saying the report follows the code', () => {
      expect(found(at('SCT', 'CF10 1AB'), 'postcode-outside-nation')).toEqual([
        ['warn', "The postcode CF10 1AB is in Wales, but the certificate's country code says Scotland: the report follows Scotland."],
      ]);
      expect(found(at('EAW', 'FK1 1XE'), 'postcode-outside-nation')).toEqual([
        [
          'warn',
          "The postcode FK1 1XE is in Scotland, but the certificate's country code says England and Wales: the report follows England.",
        ],
      ]);
    });

    it('accepts England or Wales for a survey lodged as England and Wales', () => {
      expect(found(at('EAW', 'SW1A 2AA'), 'postcode-outside-nation')).toEqual([]);
      expect(found(at('EAW', 'CF10 1AB'), 'postcode-outside-nation')).toEqual([]);
      expect(found(at('WLS', 'CF10 1AB'), 'postcode-outside-nation')).toEqual([]);
    });

    it('warns for a postcode that reads as no UK nation, and for none', () => {
      expect(found(at('ENG', 'JE2 3AB'), 'postcode-outside-nation')).toEqual([
        ['warn', "The postcode JE2 3AB is not in a UK nation: the report follows England, from the certificate's country code (England)."],
      ]);
      expect(found(at('EAW', ''), 'postcode-outside-nation')).toEqual([
        [
          'warn',
          'The certificate gives no postcode, so its nation cannot be checked: the report follows England, from its country code (England and Wales).',
        ],
      ]);
    });
  });

  it('does not run the file B rule (other-property) on file A alone', () => {
    expect(checkSurvey(sample()).some((f) => f.rule === 'other-property')).toBe(false);
  });

  it('puts refusals first, so the upload names the reason it was refused', () => {
    const survey = { ...withSteps({ 3: { energyRatingAfter: 68 } }), lodgedBands: { energyCurrent: 'A' as const } };
    expect(checkSurvey(survey).map((f) => [f.rule, f.severity])).toEqual([
      ['current-band-mismatch', 'refuse'],
      ['rating-falls', 'warn'],
    ]);
  });
});
