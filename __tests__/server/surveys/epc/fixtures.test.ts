import { parseSurvey } from '../../../../src/server/surveys/epc/parse-survey';
import { EXPECTED } from './fixture-expectations';
import { fixtureNames, readFixture } from './fixture-files';

const names = fixtureNames();

describe('every register sample lodgement', () => {
  it('has a row of expected values, and every row has its file', () => {
    expect(names.length).toBeGreaterThanOrEqual(37);
    expect(names).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(names)('%s reads as lodged', (name) => {
    const want = EXPECTED[name];
    const survey = parseSurvey(readFixture(name));
    expect(survey.schema.family).toBe(want.family);
    expect(survey.schema.version).toBe(want.version);
    expect(survey.country).toBe(want.country);
    expect(survey.address.postcode).toBe(want.postcode);
    expect([survey.energyRating.current, survey.energyRating.potential]).toEqual(want.energy);
    expect([survey.environmentalImpact.current, survey.environmentalImpact.potential]).toEqual(want.environmental);
    expect(survey.improvements.map((i) => i.number ?? { text: i.text })).toEqual(want.improvements);
    const sequences = survey.improvements.map((i) => i.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(survey.improvements[0]?.indicativeCost ?? '').toBe(want.firstCost);
    const range = survey.improvements[0]?.costRangePence ?? null;
    expect(range && [range.low, range.high]).toEqual(want.firstRange);
    expect(survey.assessorId).toBe(want.assessorId);
  });

  it.each(names)('%s has a summary, running costs and ratings after every step', (name) => {
    const survey = parseSurvey(readFixture(name));
    expect(survey.summary.length).toBeGreaterThanOrEqual(9);
    for (const element of survey.summary) {
      expect(element.energyEfficiency === null || (element.energyEfficiency >= 1 && element.energyEfficiency <= 5)).toBe(true);
    }
    expect(survey.runningCosts.map((c) => c.item)).toEqual(['Lighting', 'Heating', 'Hot water']);
    for (const step of survey.improvements) {
      expect(Number.isInteger(step.energyRatingAfter)).toBe(true);
      expect(Number.isInteger(step.environmentalRatingAfter)).toBe(true);
    }
    // Plain data: the survey is stored as JSON and read back by the report job.
    expect(JSON.parse(JSON.stringify(survey))).toEqual(survey);
  });
});

describe('the facts of one lodgement per family', () => {
  it('reads a current RdSAP certificate in full (RdSAP-Schema-21.0.1)', () => {
    const survey = parseSurvey(readFixture('RdSAP-Schema-21.0.1__epc.xml'));
    expect(survey).toMatchObject({
      schema: { family: 'RdSAP', version: 'SAP-19.0', rootElement: 'RdSAP-Report' },
      rrn: '0000-0000-0000-0000-0000',
      address: { lines: ['1 Some Street'], town: 'Whitbury', postcode: 'A0 0AA' },
      uprn: 'UPRN-000000000000',
      propertyType: 'House, Semi-Detached',
      builtForm: 'Semi-Detached',
      dwellingType: 'Mid-terrace house',
      floorAreaM2: 55,
      inspectionDate: '2025-04-04',
      lodgementDate: '2025-04-04',
      assessorName: 'Testa Sessor',
      co2: { current: 2.4, potential: 1.4 },
      runningCosts: [
        { item: 'Lighting', currentPence: 12345, potentialPence: 8423 },
        { item: 'Heating', currentPence: 36598, potentialPence: 25034 },
        { item: 'Hot water', currentPence: 20040, potentialPence: 18043 },
      ],
    });
    expect(survey.summary[0]).toEqual({
      element: 'Wall',
      label: 'Wall',
      description: 'Solid brick, as built, no insulation (assumed)',
      energyEfficiency: 1,
      environmentalEfficiency: 1,
    });
    // The register writes 0 for "not applicable".
    expect(survey.summary.find((e) => e.element === 'Floor')).toMatchObject({ energyEfficiency: null, environmentalEfficiency: null });
    expect(survey.summary.find((e) => e.element === 'Main-Heating-Controls')?.label).toBe('Main heating controls');
    expect(survey.improvements[1]).toEqual({
      sequence: 2,
      number: '1',
      text: null,
      indicativeCost: '2000',
      costRangePence: { low: 200000, high: 200000 },
      typicalSavingPence: 9900,
      energyRatingAfter: 60,
      environmentalRatingAfter: 64,
    });
  });

  it('reads the Scottish EST format with its HIP: prefixes and a split assessor name (RdSAP-Schema-S-16.1)', () => {
    const survey = parseSurvey(readFixture('RdSAP-Schema-S-16.1__epc.xml'));
    expect(survey).toMatchObject({
      schema: { family: 'EST-Scotland', rootElement: 'Energy-Performance-Certificate' },
      address: { lines: ['1 Some Street'], town: 'Newkirk', postcode: 'FK1 1XE' },
      propertyType: 'Flat, Mid-Terrace',
      dwellingType: 'Ground-floor flat',
      floorAreaM2: 61,
      inspectionDate: '2013-08-14',
      lodgementDate: '2013-08-15',
      assessorName: 'Mr Testa Sessor',
      co2: { current: 3.9, potential: 3.1 },
    });
    expect(survey.runningCosts[1]).toEqual({ item: 'Heating', currentPence: 72700, potentialPence: 26800 });
    // Only the suggested list: the three alternative improvements are not steps.
    expect(survey.improvements.map((i) => [i.energyRatingAfter, i.environmentalRatingAfter, i.typicalSavingPence])).toEqual([
      [57, 61, 16800],
      [76, 60, 38300],
      [78, 62, 2200],
    ]);
    expect(survey.improvements[2].costRangePence).toEqual({ low: 100000, high: 100000 });
  });

  it('reads the HCR-era message inside Content/EPC-Data (SAP-Schema-16.3)', () => {
    const survey = parseSurvey(readFixture('SAP-Schema-16.3__rdsap.xml'));
    expect(survey).toMatchObject({
      schema: { family: 'HCR', rootElement: 'ConditionReportCreateRequest_1' },
      address: { lines: ['1 Some Street', 'Some Area', 'Some County'], town: 'Whitbury', postcode: 'SW1A 2AA' },
      assessorName: 'Mr Test Boi TST',
      propertyType: 'House, End-Terrace',
    });
  });

  it('leaves out what a lodgement lacks instead of inventing it', () => {
    const hcr = parseSurvey(readFixture('SAP-Schema-12.0__rdsap.xml'));
    expect(hcr.floorAreaM2).toBeNull();
    expect(hcr.dwellingType).toBeNull();
    expect(hcr.improvements[0]).toMatchObject({ number: null, text: null, indicativeCost: '', costRangePence: null });
    const redacted = parseSurvey(readFixture('RdSAP-Schema-21.0.1__redacted_epc.xml'));
    expect(redacted).toMatchObject({
      address: { lines: [], town: '', postcode: '' },
      assessorId: null,
      assessorName: null,
      inspectionDate: null,
    });
  });

  it('reads the SAP compliance report wrapping a SAP-Report, with no improvements', () => {
    const survey = parseSurvey(readFixture('SAP-Schema-19.0.0__compliance-report.xml'));
    expect(survey).toMatchObject({
      schema: { family: 'SAP', rootElement: 'SAP-Compliance-Report' },
      propertyType: 'Bungalow, Detached',
      improvements: [],
    });
    // The client's address in the wrapper is not the property's.
    expect(survey.address.postcode).toBe('SW1A 2AA');
  });

  it('accepts a file that starts with a newline before its XML declaration', () => {
    const bytes = readFixture('Additional-Fixtures__sap_starting_with_newline.xml');
    expect(bytes[0]).toBe(0x0a);
    expect(parseSurvey(bytes).energyRating.current).toBe(50);
  });
});
