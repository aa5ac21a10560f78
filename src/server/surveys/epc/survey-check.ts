import { epcBand } from '../../../shared/epc-bands';
import { formatPoundRange, formatPounds } from '../../../shared/money';
import { SURVEY_CHECKS, type SurveyCheck, type SurveyCheckId, type SurveyCheckSeverity } from '../../../shared/rules/survey-checks';
import { NATION_NAMES, homeNationOf, postcodeNation } from './country';
import { measureCategory, type MeasureCategory } from './measure-category';
import { UNNAMED_IMPROVEMENT } from './measures';
import { isPlaceholderText } from './placeholder-text';
import { SurveyError, type LodgedBands, type Survey, type SurveyCountry } from './survey';
import { checkSurveyB } from './survey-b';

/**
 * The survey check: what a lodged EPC file says that disagrees with itself, found when it is
 * uploaded and told to the assessor before any report is made. Each rule names the step or figure
 * and says what the report uses instead, as reconcile.ts settles it; a rule that refuses does so
 * only where the file contradicts itself on a figure nothing can settle. The titles and
 * explanations are in src/shared/rules/survey-checks.ts, which the Help page lists.
 */

export interface Finding {
  rule: SurveyCheckId;
  severity: SurveyCheckSeverity;
  message: string;
}

type FileARuleId = Extract<(typeof SURVEY_CHECKS)[number], { file: 'A' }>['id'];
type FileBRuleId = Extract<(typeof SURVEY_CHECKS)[number], { file: 'B' }>['id'];

export type SurveyRule = SurveyCheck &
  (
    | { id: FileARuleId; file: 'A'; check: (survey: Survey) => string[] }
    | { id: FileBRuleId; file: 'B'; check: (fileB: Buffer | string, a: Survey) => string[] }
  );

const rated = (points: number) => `${epcBand(points)} ${points}`;

type RatingKind = 'energy' | 'environmental';
const RATING_WORDS: Record<RatingKind, string> = { energy: 'energy rating', environmental: 'environmental impact rating' };
const currentOf = (survey: Survey, kind: RatingKind) => (kind === 'energy' ? survey.energyRating : survey.environmentalImpact);
const afterStep = (step: Survey['improvements'][number], kind: RatingKind) =>
  kind === 'energy' ? step.energyRatingAfter : step.environmentalRatingAfter;

/**
 * Each step's rating after it beside the rating before it as the report counts it: the current
 * rating for the first step, else the highest reached so far, since a step never lowers a rating
 * (a fall is counted as adding no points).
 */
function stepsOf(survey: Survey, kind: RatingKind) {
  let before = currentOf(survey, kind).current;
  return survey.improvements.map((step, index) => {
    const after = afterStep(step, kind);
    const previous = index === 0 ? null : afterStep(survey.improvements[index - 1], kind);
    const row = { step: index + 1, after, before, previous };
    before = Math.max(before, after);
    return row;
  });
}

/** Where the steps, done in order, take the home: the highest rating reached, or the current rating with none. */
const reachedBySteps = (survey: Survey, kind: RatingKind) =>
  stepsOf(survey, kind).reduce((reached, { after }) => Math.max(reached, after), currentOf(survey, kind).current);

/** "the current rating (50)", "step 2's (60)", or "the 70 reached before it" when a fall before it was counted as none. */
function beforeWords({ step, before, previous }: ReturnType<typeof stepsOf>[number]): string {
  if (previous === null) return `the current rating (${before})`;
  if (previous === before) return `step ${step - 1}'s (${before})`;
  return `the ${before} reached before it`;
}

const COUNTRY_WORDS: Record<SurveyCountry, string> = {
  ENG: 'England',
  WLS: 'Wales',
  SCT: 'Scotland',
  NIR: 'Northern Ireland',
  EAW: 'England and Wales',
};

/**
 * The most a home pays for each kind of work, whole house and fitted, to tell a slip of the keyboard
 * from a dear job: a cost more than IMPLAUSIBLE_TIMES this is no price of the work. Each is set above
 * the highest indicative cost the register's certificates lodge for that kind of measure (see any
 * certificate's recommendations at https://find-energy-certificate.service.gov.uk), with room for a
 * large house.
 */
const MOST_A_HOME_PAYS: Record<MeasureCategory, { pence: number; work: string; why: string }> = {
  loft: {
    pence: 3_000_00,
    work: 'loft or roof insulation',
    why: 'room-in-roof insulation, the dearest roof measure, is lodged at up to £2,700',
  },
  'cavity-wall': {
    pence: 5_000_00,
    work: 'cavity wall insulation',
    why: 'lodged at £500 - £1,500; a large detached house with party walls costs a few times that',
  },
  'solid-wall': {
    pence: 30_000_00,
    work: 'solid wall insulation',
    why: 'lodged at up to £14,000; external insulation of a large house can cost twice that',
  },
  floor: { pence: 10_000_00, work: 'floor insulation', why: 'a solid floor is lodged at up to £6,000 and dug-out floors cost more' },
  glazing: {
    pence: 15_000_00,
    work: 'new windows',
    why: 'double glazing is lodged at up to £6,500; a large house in timber or triple glazing costs more',
  },
  doors: { pence: 6_000_00, work: 'insulated doors', why: 'lodged at about £1,000 a door; a house has a few' },
  draught: {
    pence: 1_000_00,
    work: 'draught proofing',
    why: 'lodged at £80 - £120; a professional whole-house job is a few hundred pounds',
  },
  'heating-controls': { pence: 2_000_00, work: 'heating controls', why: 'lodged at up to £450; zone controls for a large house cost more' },
  boiler: {
    pence: 20_000_00,
    work: 'a new boiler',
    why: 'gas boilers are lodged at up to £3,000; this kind includes biomass boilers, which cost up to about £20,000',
  },
  'storage-heaters': {
    pence: 10_000_00,
    work: 'storage heaters',
    why: 'lodged at up to £1,800 for heaters in the main rooms; a large house needs several',
  },
  'heat-pump': {
    pence: 40_000_00,
    work: 'a heat pump',
    why: 'air source heat pumps cost up to about £15,000 and ground source ones with boreholes much more',
  },
  'hot-water': {
    pence: 2_000_00,
    work: 'hot water improvements',
    why: 'cylinder insulation and thermostats are lodged at up to £400; heat recovery showers cost up to about £1,000',
  },
  lighting: {
    pence: 1_000_00,
    work: 'low energy lighting',
    why: 'lodged at £20 - £30; a large house with many fittings costs a few hundred pounds',
  },
  'solar-water': { pence: 10_000_00, work: 'solar water heating', why: 'lodged at £4,000 - £6,000' },
  'solar-pv': { pence: 20_000_00, work: 'solar panels', why: 'lodged at up to £14,000, with a battery more' },
  wind: { pence: 30_000_00, work: 'a wind turbine', why: 'a mast-mounted turbine is lodged at up to £25,000' },
  other: {
    pence: 50_000_00,
    work: 'this improvement',
    why: "a custom improvement can be any work, so only the parser's own limit of £1,000,000 applies",
  },
};
/** A cost more than this many times the most such work costs a home is taken for a slip of the keyboard. */
const IMPLAUSIBLE_TIMES = 20;
/** No work on a home costs less than a pound: a lower cost ("£0", "0.5") is a slip too. */
const LEAST_COST_PENCE = 100;

/** Band letters are checked against the ratings they are lodged beside. */
const BANDS: { which: keyof LodgedBands; kind: RatingKind; end: 'current' | 'potential' }[] = [
  { which: 'energyCurrent', kind: 'energy', end: 'current' },
  { which: 'environmentalCurrent', kind: 'environmental', end: 'current' },
  { which: 'energyPotential', kind: 'energy', end: 'potential' },
  { which: 'environmentalPotential', kind: 'environmental', end: 'potential' },
];

function bandMismatches(survey: Survey, end: 'current' | 'potential') {
  return BANDS.filter((b) => b.end === end).flatMap(({ which, kind }) => {
    const lodged = survey.lodgedBands?.[which];
    const points = currentOf(survey, kind)[end];
    return lodged && lodged !== epcBand(points) ? [{ lodged, points, words: `${end} ${RATING_WORDS[kind]}` }] : [];
  });
}

const CHECKS: { [id in FileARuleId]: (survey: Survey) => string[] } & { [id in FileBRuleId]: (b: Buffer | string, a: Survey) => string[] } =
  {
    'potential-not-reached': (survey) =>
      (['energy', 'environmental'] as const).flatMap((kind) => {
        const lodged = currentOf(survey, kind).potential;
        const reached = reachedBySteps(survey, kind);
        if (lodged === reached) return [];
        const how =
          survey.improvements.length > 0
            ? `its improvements, done in order, reach ${rated(reached)}`
            : `it suggests no improvement, so the rating stays at ${rated(reached)}`;
        return [`The certificate's potential ${RATING_WORDS[kind]} is ${rated(lodged)}, but ${how}: the report uses ${rated(reached)}.`];
      }),

    'rating-falls': (survey) =>
      (['energy', 'environmental'] as const).flatMap((kind) =>
        stepsOf(survey, kind)
          .filter((row) => row.after < row.before)
          .map(
            (row) =>
              `Step ${row.step}'s ${RATING_WORDS[kind]} (${row.after}) is lower than ${beforeWords(row)}: the report counts step ${row.step} as adding no points.`,
          ),
      ),

    'step-adds-nothing': (survey) =>
      (['energy', 'environmental'] as const).flatMap((kind) =>
        stepsOf(survey, kind)
          .filter((row) => row.after === row.before)
          .map(
            (row) =>
              `Step ${row.step}'s ${RATING_WORDS[kind]} (${row.after}) is the same as ${beforeWords(row)}: step ${row.step} adds no ${kind === 'energy' ? 'energy' : 'environmental impact'} points.`,
          ),
      ),

    'current-band-mismatch': (survey) =>
      bandMismatches(survey, 'current').map(
        ({ lodged, points, words }) =>
          `The certificate lodges band ${lodged} beside its ${words} of ${points}, which is band ${epcBand(points)}. It contradicts itself on the rating every figure starts from, so no report can be made from it: please check the file in your software.`,
      ),

    'potential-band-mismatch': (survey) =>
      bandMismatches(survey, 'potential').map(
        ({ lodged, points, words }) =>
          `The certificate lodges band ${lodged} beside its ${words} of ${points}, which is band ${epcBand(points)}: the report never shows band ${lodged}, as its bands always come from the ratings.`,
      ),

    'cost-missing': (survey) =>
      survey.improvements.flatMap((step, index) => {
        if (step.costRangePence !== null) return [];
        const lodged = step.indicativeCost.trim();
        const what =
          lodged === '' ? `Step ${index + 1} has no indicative cost` : `Step ${index + 1}'s indicative cost ("${lodged}") is not an amount`;
        return [`${what}: the report shows no cost for it, and the cost of a plan that includes it as not known.`];
      }),

    'cost-reversed': (survey) =>
      survey.improvements.flatMap((step, index) =>
        step.costLodgedReversed && step.costRangePence
          ? [
              `Step ${index + 1}'s cost is lodged high to low ("${step.indicativeCost}"): the report uses ${formatPoundRange(step.costRangePence.low, step.costRangePence.high)}.`,
            ]
          : [],
      ),

    'cost-implausible': (survey) =>
      survey.improvements.flatMap((step, index) => {
        const range = step.costRangePence;
        if (!range) return [];
        const most = MOST_A_HOME_PAYS[measureCategory(step.number)];
        // As lodged: the assessor finds the slip in their software by what they typed.
        const lodged = `"${step.indicativeCost}"`;
        if (range.low < LEAST_COST_PENCE) {
          return [
            `Step ${index + 1}'s cost (${lodged}) is less than £1, which no work on a home costs: please check it. The report uses it as lodged.`,
          ];
        }
        if (range.high > most.pence * IMPLAUSIBLE_TIMES) {
          return [
            `Step ${index + 1}'s cost (${lodged}) is more than ${IMPLAUSIBLE_TIMES} times the most a home pays for ${most.work} (${formatPounds(most.pence)}): please check it. The report uses it as lodged.`,
          ];
        }
        return [];
      }),

    'placeholder-description': (survey) =>
      survey.improvements.flatMap((step, index) => {
        // A numbered improvement is named from the register's list; only custom text can be a placeholder.
        if (step.number !== null || !isPlaceholderText(step.text)) return [];
        const lodged = (step.text ?? '').trim();
        const what =
          lodged === '' ? `Step ${index + 1} has no description` : `Step ${index + 1}'s description ("${lodged}") is a placeholder`;
        return [`${what}: the report shows it as "${UNNAMED_IMPROVEMENT}".`];
      }),

    'postcode-outside-nation': (survey) => {
      const postcode = survey.address.postcode.trim();
      const follows = NATION_NAMES[homeNationOf(survey)];
      const code = COUNTRY_WORDS[survey.country];
      if (postcode === '') {
        return [
          `The certificate gives no postcode, so its nation cannot be checked: the report follows ${follows}, from its country code (${code}).`,
        ];
      }
      const nation = postcodeNation(postcode);
      if (nation === null) {
        return [
          `The postcode ${postcode} is not in a UK nation: the report follows ${follows}, from the certificate's country code (${code}).`,
        ];
      }
      const agrees = survey.country === 'EAW' ? nation === 'england' || nation === 'wales' : nation === homeNationOf(survey);
      if (agrees) return [];
      return [
        `The postcode ${postcode} is in ${NATION_NAMES[nation]}, but the certificate's country code says ${code}: the report follows ${follows}.`,
      ];
    },

    // The same check as ever (survey-b.ts), with its own messages; the upload runs it off the event loop.
    'other-property': (fileB, a) => {
      try {
        checkSurveyB(fileB, a);
        return [];
      } catch (err) {
        if (err instanceof SurveyError) return [err.message];
        throw err;
      }
    },
  };

/** Every rule, in the order the Help page lists them. */
export const SURVEY_RULES: SurveyRule[] = SURVEY_CHECKS.map((rule) =>
  rule.file === 'A' ? { ...rule, file: 'A' as const, check: CHECKS[rule.id] } : { ...rule, file: 'B' as const, check: CHECKS[rule.id] },
);

const findings = (rule: SurveyRule, messages: string[]): Finding[] =>
  messages.map((message) => ({ rule: rule.id, severity: rule.severity, message }));

/** What file A's rules find in a parsed survey, refusals first, each rule's findings in the file's order. */
export function checkSurvey(survey: Survey): Finding[] {
  const found = SURVEY_RULES.flatMap((rule) => (rule.file === 'A' ? findings(rule, rule.check(survey)) : []));
  return [...found.filter((f) => f.severity === 'refuse'), ...found.filter((f) => f.severity !== 'refuse')];
}
