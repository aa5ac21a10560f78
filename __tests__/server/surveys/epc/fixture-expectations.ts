import type { SurveyCountry, SurveySchema } from '../../../../src/server/surveys/epc/survey';

/** A suggested improvement: its number, or the lodged text of a custom one (null: none lodged). */
export type ExpectedImprovement = string | { text: string | null };

export interface FixtureExpectation {
  family: SurveySchema['family'];
  version: string | null;
  country: SurveyCountry;
  postcode: string;
  energy: [current: number, potential: number];
  environmental: [current: number, potential: number];
  improvements: ExpectedImprovement[];
  firstCost: string;
  firstRange: [low: number, high: number] | null;
  assessorId: string | null;
}

const custom = (text: string | null) => ({ text });

/** The hand-made E&W / NI RdSAP samples share their assessment; only header facts differ. */
const handMade = (country: SurveyCountry, postcode: string, assessorId: string | null = 'SPEC000000'): FixtureExpectation => ({
  family: 'RdSAP',
  version: 'SAP-19.0',
  country,
  postcode,
  energy: [50, 72],
  environmental: [52, 74],
  improvements: ['5', '1', custom('Improvement desc')],
  firstCost: '£100 - £350',
  firstRange: [10000, 35000],
  assessorId,
});

const hcr = (country: SurveyCountry, postcode: string, improvements: ExpectedImprovement[]): FixtureExpectation => ({
  family: 'HCR',
  version: 'LIG-16.1',
  country,
  postcode,
  energy: [50, 72],
  environmental: [52, 70],
  improvements,
  firstCost: improvements[0] === '5' ? '£100 - £350' : '',
  firstRange: improvements[0] === '5' ? [10000, 35000] : null,
  assessorId: 'SPEC000000',
});

const sapHandMade = (
  version: string | null,
  country: SurveyCountry,
  postcode: string,
  second: ExpectedImprovement,
): FixtureExpectation => ({
  family: 'SAP',
  version,
  country,
  postcode,
  energy: [50, 72],
  environmental: [52, 74],
  improvements: ['5', second],
  firstCost: '£100 - £350',
  firstRange: [10000, 35000],
  assessorId: 'SPEC000000',
});

const scottish = (
  energy: [number, number],
  environmental: [number, number],
  improvements: string[],
  firstCost: string,
  firstRange: [number, number] | null,
  version: string,
  assessorId = 'SPEC000000',
): FixtureExpectation => ({
  family: 'RdSAP',
  version,
  country: 'SCT',
  postcode: 'FK1 1XE',
  energy,
  environmental,
  improvements,
  firstCost,
  firstRange,
  assessorId,
});

/**
 * Written by reading each file (element values as lodged), not by running the parser.
 * Notes on the surprising ones:
 * - RdSAP-Schema-NI-21.0.1 lodges Country-Code ENG with a BT postcode: Northern Ireland.
 * - SAP-Schema-17.1 and SAP-Schema-NI-18.0.0 have no Country-Code: the postcode decides.
 * - The redacted files have no address or assessor block at all.
 * - SAP-Schema-12.0's first improvement has neither number nor any text.
 */
export const EXPECTED: Record<string, FixtureExpectation> = {
  'Additional-Fixtures__sap_starting_with_newline.xml': sapHandMade('SAP-17.0', 'EAW', 'SW1A 2AA', custom('Improvement desc')),
  'Additional-Fixtures__sap_with_improvement_headings_and_summaries.xml': {
    family: 'HCR',
    version: 'LIG-13.0',
    country: 'EAW',
    postcode: 'SW1A 2AA',
    energy: [62, 78],
    environmental: [56, 75],
    improvements: [
      custom('Increase loft insulation to 270 mm'),
      custom('Increase hot water cylinder insulation'),
      custom('Low energy lighting for all fixed outlets'),
      custom('Hot water cylinder thermostat'),
    ],
    firstCost: '',
    firstRange: null,
    assessorId: 'SPEC000000',
  },
  'RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml': {
    family: 'RdSAP',
    version: 'LIG-19.0',
    country: 'EAW',
    postcode: 'CF10 1AB',
    energy: [64, 91],
    environmental: [62, 92],
    improvements: ['5', '7', '2', '19', '34'],
    firstCost: '£100 - £350',
    firstRange: [10000, 35000],
    assessorId: 'TSET000002',
  },
  'RHI_UAT_scenarios__1234-1234-1234-1234-1234.xml': {
    family: 'RdSAP',
    version: '20.0.0',
    country: 'EAW',
    postcode: 'DH1 1AA',
    energy: [70, 82],
    environmental: [52, 74],
    improvements: ['5', '1'],
    firstCost: '£100 - £350',
    firstRange: [10000, 35000],
    assessorId: 'ECMK000002',
  },
  'RdSAP-Schema-17.0__epc.xml': handMade('EAW', 'SW1A 2AA'),
  'RdSAP-Schema-17.1__epc.xml': handMade('EAW', 'SW1A 2AA'),
  'RdSAP-Schema-18.0__epc.xml': handMade('EAW', 'SW1A 2AA'),
  'RdSAP-Schema-19.0__epc.xml': handMade('EAW', 'SW1A 2AA'),
  'RdSAP-Schema-20.0.0__epc.xml': handMade('EAW', 'SW1A 2AA'),
  'RdSAP-Schema-20.0.0__redacted_epc.xml': handMade('EAW', '', null),
  'RdSAP-Schema-21.0.0__epc.xml': handMade('ENG', 'SW1A 2AA'),
  'RdSAP-Schema-21.0.1__epc.xml': handMade('ENG', 'A0 0AA'),
  'RdSAP-Schema-21.0.1__redacted_epc.xml': handMade('ENG', '', null),
  'RdSAP-Schema-NI-17.4__epc.xml': handMade('NIR', 'BT4 3SR'),
  'RdSAP-Schema-NI-19.0__epc.xml': handMade('NIR', 'BT4 3SR'),
  'RdSAP-Schema-NI-20.0.0__epc.xml': handMade('NIR', 'BT4 3SR'),
  'RdSAP-Schema-NI-21.0.0__epc.xml': handMade('NIR', 'BT1 0AA'),
  'RdSAP-Schema-NI-21.0.1__epc.xml': handMade('NIR', 'BT0 0AA'),
  'RdSAP-Schema-S-16.1__epc.xml': {
    ...scottish([49, 78], [53, 62], ['47', '30', '48'], '£800 - £1,200', [80000, 120000], 'LIG-16.1'),
    family: 'EST-Scotland',
  },
  'RdSAP-Schema-S-17.00__epc.xml': scottish([69, 78], [68, 79], ['7', '35'], '£4,000 - £14,000', [400000, 1400000], 'LIG-17.0'),
  'RdSAP-Schema-S-18.0__epc.xml': scottish(
    [51, 80],
    [43, 75],
    ['58', '3', '10', '4', '14', '20', '19', '56', '34'],
    '£4,000 - £6,000',
    [400000, 600000],
    'LIG-18.0',
  ),
  'RdSAP-Schema-S-19.0__epc.xml': scottish([79, 79], [80, 80], [], '', null, 'LIG-19.0'),
  'RdSAP-Schema-S-19.0__house_epc.xml': scottish(
    [57, 83],
    [49, 79],
    ['45', '46', '7', '57', '35', '19', '34'],
    '£850 - £1,500',
    [85000, 150000],
    'LIG-19.0',
  ),
  'RdSAP-Schema-S-21.0__epc.xml': scottish([80, 83], [80, 81], ['34'], '£8,000 - £10,000', [800000, 1000000], 'LIG-21.0'),
  'SAP-Schema-12.0__rdsap.xml': hcr('EAW', 'SW1A 2AA', [custom(null), custom('Improvement desc')]),
  'SAP-Schema-15.0__rdsap.xml': hcr('EAW', 'SW1A 2AA', ['5', custom('Improvement desc')]),
  'SAP-Schema-16.3__rdsap.xml': hcr('EAW', 'SW1A 2AA', ['5', custom('Improvement desc')]),
  'SAP-Schema-17.1__epc.xml': sapHandMade('SAP-19.0', 'EAW', 'SW1A 2AA', custom('Improvement desc')),
  'SAP-Schema-18.0.0__epc.xml': sapHandMade('SAP-17.0', 'EAW', 'SW1A 2AA', custom('Improvement desc')),
  'SAP-Schema-19.0.0__compliance-report.xml': {
    family: 'SAP',
    version: 'SAP-Schema-19.0.0',
    country: 'ENG',
    postcode: 'SW1A 2AA',
    energy: [98, 98],
    environmental: [93, 93],
    improvements: [],
    firstCost: '',
    firstRange: null,
    assessorId: 'SPEC000000',
  },
  'SAP-Schema-19.0.0__epc.xml': {
    family: 'SAP',
    version: 'SAP-Schema-19.0.0',
    country: 'ENG',
    postcode: 'SW1A 2AA',
    energy: [72, 72],
    environmental: [94, 96],
    improvements: ['19', '34'],
    firstCost: '£4,000 - £6,000',
    firstRange: [400000, 600000],
    assessorId: 'SPEC000000',
  },
  'SAP-Schema-19.2.0__epc.xml': {
    family: 'SAP',
    version: 'SAP-Schema-19.2.0',
    country: 'ENG',
    postcode: 'A0 0AA',
    energy: [72, 72],
    environmental: [94, 96],
    improvements: ['19', '34'],
    firstCost: '£4,000 - £6,000',
    firstRange: [400000, 600000],
    assessorId: 'SPEC000000',
  },
  'SAP-Schema-NI-17.2__rdsap.xml': hcr('NIR', 'BT4 3SR', ['5', '1']),
  'SAP-Schema-NI-18.0.0__epc.xml': sapHandMade(null, 'NIR', 'BT4 3SR', '1'),
  'SAP-Schema-S-19.0.0__epc.xml': {
    family: 'SAP',
    version: 'SAP-Schema-19.0.0',
    country: 'SCT',
    postcode: 'EH1 2NG',
    energy: [91, 91],
    environmental: [88, 88],
    improvements: [],
    firstCost: '',
    firstRange: null,
    assessorId: 'SPEC000000',
  },
  'examples__RdSAP-20.0.0.xml': {
    family: 'RdSAP',
    version: 'Schema-Version-Original0',
    country: 'EAW',
    postcode: 'A0 0AA',
    energy: [50, 50],
    environmental: [50, 50],
    improvements: ['5', '1'],
    firstCost: '5',
    firstRange: [500, 500],
    assessorId: 'JASE000000',
  },
  'examples__RdSAP-S-19.0.xml': scottish([79, 79], [80, 80], [], '', null, 'LIG-19.0', 'JASE000000'),
};
