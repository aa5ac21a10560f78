import { parseSurvey } from '../../../../src/server/surveys/epc/parse-survey';
import { checkSurvey } from '../../../../src/server/surveys/epc/survey-check';
import type { SurveyCheckId } from '../../../../src/shared/rules/survey-checks';
import { fixtureNames, readFixture } from './fixture-files';

/**
 * Which rules of the survey check fire for each register sample, and how many times. Every
 * finding below was checked against the XML by hand; none refuses, since hundreds of other tests
 * upload these files. Shared shapes are named after what the files lodge.
 */
type Fired = Partial<Record<SurveyCheckId, number>>;

/**
 * The hand-made E&W / NI RdSAP samples: current 50/52, potential 72/74, steps 50/50, 60/64, 60/64.
 * The steps reach 60/64, not the lodged potential (2); step 1's environmental rating 50 falls
 * below 52 (1); step 1's energy 50 equals the current rating and step 3 equals step 2 on both (3);
 * step 3 is the custom "Improvement desc" (1).
 */
const HAND_MADE_RDSAP: Fired = { 'potential-not-reached': 2, 'rating-falls': 1, 'step-adds-nothing': 3, 'placeholder-description': 1 };
/** The register's redacted output of the same: its address block, postcode included, is stripped. */
const REDACTED_RDSAP: Fired = { ...HAND_MADE_RDSAP, 'postcode-outside-nation': 1 };
/** The hand-made SAP samples: steps 50/50 then 60/64 (the second custom "Improvement desc"), potential 72 and 74 (or 70). */
const HAND_MADE_SAP: Fired = { 'potential-not-reached': 2, 'rating-falls': 1, 'step-adds-nothing': 1, 'placeholder-description': 1 };
/** The NI SAP samples: the same steps, both numbered (5 and 1), so no placeholder. */
const HAND_MADE_SAP_NUMBERED: Fired = { 'potential-not-reached': 2, 'rating-falls': 1, 'step-adds-nothing': 1 };
/** New-build SAP 72 -> 72 / 94 -> 96 whose steps reach 80 (energy), and whose first step leaves 94 at 94. */
const NEW_BUILD_SAP: Fired = { 'potential-not-reached': 1, 'step-adds-nothing': 1 };

const EXPECTED: Record<string, Fired> = {
  'Additional-Fixtures__sap_starting_with_newline.xml': HAND_MADE_SAP,
  // 62 -> 78 / 56 -> 75 lodged, the four text steps reach 71 / 66 and lodge no Indicative-Cost.
  'Additional-Fixtures__sap_with_improvement_headings_and_summaries.xml': { 'potential-not-reached': 2, 'cost-missing': 4 },
  'RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml': {},
  // Current 70 / 52, potential 82 / 74; steps 50 / 50 and 60 / 64 both fall below 70, step 1 below 52.
  'RHI_UAT_scenarios__1234-1234-1234-1234-1234.xml': { 'potential-not-reached': 2, 'rating-falls': 3 },
  'RdSAP-Schema-17.0__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-17.1__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-18.0__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-19.0__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-20.0.0__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-20.0.0__redacted_epc.xml': REDACTED_RDSAP,
  'RdSAP-Schema-21.0.0__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-21.0.1__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-21.0.1__redacted_epc.xml': REDACTED_RDSAP,
  'RdSAP-Schema-NI-17.4__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-NI-19.0__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-NI-20.0.0__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-NI-21.0.0__epc.xml': HAND_MADE_RDSAP,
  'RdSAP-Schema-NI-21.0.1__epc.xml': HAND_MADE_RDSAP,
  // Step 2 (improvement 30) lodges environmental impact 60 after step 1's 61.
  'RdSAP-Schema-S-16.1__epc.xml': { 'rating-falls': 1 },
  'RdSAP-Schema-S-17.00__epc.xml': {},
  // Step 3, draught proofing (10), lodges 55 / 47 as step 2 does.
  'RdSAP-Schema-S-18.0__epc.xml': { 'step-adds-nothing': 2 },
  'RdSAP-Schema-S-19.0__epc.xml': {},
  // Step 5, low energy lighting (35), lodges environmental impact 68 as step 4 does.
  'RdSAP-Schema-S-19.0__house_epc.xml': { 'step-adds-nothing': 1 },
  'RdSAP-Schema-S-21.0__epc.xml': {},
  // As HAND_MADE_SAP, but step 1 has neither number nor text, and neither step a cost.
  'SAP-Schema-12.0__rdsap.xml': {
    'potential-not-reached': 2,
    'rating-falls': 1,
    'step-adds-nothing': 1,
    'cost-missing': 2,
    'placeholder-description': 2,
  },
  'SAP-Schema-15.0__rdsap.xml': HAND_MADE_SAP,
  'SAP-Schema-16.3__rdsap.xml': HAND_MADE_SAP,
  'SAP-Schema-17.1__epc.xml': HAND_MADE_SAP,
  'SAP-Schema-18.0.0__epc.xml': HAND_MADE_SAP,
  'SAP-Schema-19.0.0__compliance-report.xml': {},
  'SAP-Schema-19.0.0__epc.xml': NEW_BUILD_SAP,
  'SAP-Schema-19.2.0__epc.xml': NEW_BUILD_SAP,
  'SAP-Schema-NI-17.2__rdsap.xml': HAND_MADE_SAP_NUMBERED,
  'SAP-Schema-NI-18.0.0__epc.xml': HAND_MADE_SAP_NUMBERED,
  'SAP-Schema-S-19.0.0__epc.xml': {},
  // 50 -> 50 / 50 -> 50 lodged; step 1 (sequence 0) stays at 50 / 50, step 2 reaches 60 / 64.
  'examples__RdSAP-20.0.0.xml': { 'potential-not-reached': 2, 'step-adds-nothing': 2 },
  'examples__RdSAP-S-19.0.xml': {},
};

function fired(name: string): Fired {
  const counts: Fired = {};
  for (const finding of checkSurvey(parseSurvey(readFixture(name)))) counts[finding.rule] = (counts[finding.rule] ?? 0) + 1;
  return counts;
}

describe('the survey check on every register sample', () => {
  const names = fixtureNames();

  it('has a row for every sample file, and every row has its file', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(names);
  });

  it.each(names)('%s: the rules that fire', (name) => {
    expect(fired(name)).toEqual(EXPECTED[name]);
  });

  it('refuses none of them: other tests upload every sample', () => {
    const refusals = names.flatMap((name) => checkSurvey(parseSurvey(readFixture(name))).filter((f) => f.severity === 'refuse'));
    expect(refusals).toEqual([]);
  });
});
