import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { measure } from '../../../../src/shared/api/premium';
import { MEASURE_CATEGORIES, measureCategory } from '../../../../src/server/surveys/epc/measure-category';
import { improvementName, measuresFrom, UNNAMED_IMPROVEMENT } from '../../../../src/server/surveys/epc/measures';
import { parseSurvey } from '../../../../src/server/surveys/epc/parse-survey';
import type { Survey } from '../../../../src/server/surveys/epc/survey';
import { fixtureNames, readFixture } from './fixture-files';

const measuresOf = (name: string) => measuresFrom(parseSurvey(readFixture(name)));
const PUBLIC = resolve(__dirname, '../../../../public');
const CSV = resolve(__dirname, '../../../../src/server/data/improvement-codes.csv');

describe('measures from a survey', () => {
  it('steps from the current rating, with running totals and bands (E&W, realistic lodgement)', () => {
    // Current 64 / 62; the lodged ratings after each step are cumulative.
    const measures = measuresOf('RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml');
    expect(measures.map((m) => [m.code, m.epcIncrease, m.epcTotal, m.epcBand, m.eirIncrease, m.eirTotal, m.eirBand])).toEqual([
      ['5', 2, 66, 'D', 3, 65, 'D'],
      ['7', 4, 70, 'C', 6, 71, 'C'],
      ['2', 2, 72, 'C', 3, 74, 'C'],
      ['19', 3, 75, 'C', 4, 78, 'C'],
      ['34', 16, 91, 'B', 14, 92, 'A'],
    ]);
    expect(measures.map((m) => [m.implementationCost, m.costTotal])).toEqual([
      ['£100 - £350', '£100 – £350'],
      ['£4,000 - £14,000', '£4,100 – £14,350'],
      ['£15 - £30', '£4,115 – £14,380'],
      ['£4,000 - £6,000', '£8,115 – £20,380'],
      ['£3,500 - £5,500', '£11,615 – £25,880'],
    ]);
    // The register's list keeps "270 mm" together with a no-break space.
    expect(measures.map((m) => m.name)).toEqual([
      'Increase loft insulation to 270\u00a0mm',
      'Internal wall insulation',
      'Increase hot water cylinder insulation',
      'Solar water heating',
      'Solar photovoltaic panels, 2.5 kWp',
    ]);
    expect(measures.map((m) => m.image)).toEqual([
      '/measures/loft.svg',
      '/measures/solid-wall.svg',
      '/measures/hot-water.svg',
      '/measures/solar-water.svg',
      '/measures/solar-pv.svg',
    ]);
  });

  it("uses Scotland's wording for a Scottish property", () => {
    const measures = measuresOf('RdSAP-Schema-S-18.0__epc.xml');
    expect(measures.slice(0, 2).map((m) => m.costTotal)).toEqual(['£4,000 – £6,000', '£4,015 – £6,030']);
    const byCode = Object.fromEntries(measures.map((m) => [m.code, m.name]));
    expect(byCode['10']).toBe('Draughtproofing');
    expect(byCode['14']).toBe('Upgrade heating controls');
    expect(improvementName('10', 'EAW')).toBe('Draught proofing');
    expect(improvementName('14', 'ENG')).toBe('Heating controls (room thermostat)');
  });

  it("names number 7 from each country's column (Scotland's reads as England & Wales's in the register list)", () => {
    expect(measuresOf('RdSAP-Schema-S-19.0__house_epc.xml').find((m) => m.code === '7')?.name).toBe('Internal wall insulation');
    expect(improvementName(7, 'SCT')).toBe('Internal wall insulation');
    expect(improvementName(7, 'NIR')).toBe('50\u00a0mm internal or external wall insulation');
    expect(improvementName('7', 'WLS')).toBe('Internal wall insulation');
  });

  it('names numbers retired from the current list from the revision that last had them', () => {
    // The 2013 Scottish EST certificate recommends 47 and 30, both gone from revision 8.1.
    expect(measuresOf('RdSAP-Schema-S-16.1__epc.xml').map((m) => [m.code, m.name, m.image])).toEqual([
      ['47', 'Floor insulation', '/measures/floor.svg'],
      ['30', 'Fan assisted storage heaters and dual immersion cylinder', '/measures/storage-heaters.svg'],
      ['48', 'High performance external doors', '/measures/doors.svg'],
    ]);
    expect(improvementName('999', 'EAW')).toBeNull();
  });

  it('keeps the lodged text of custom improvements as code and name, but never a placeholder', () => {
    const measures = measuresOf('RdSAP-Schema-21.0.1__epc.xml');
    // The sample lodges its survey software's placeholder "Improvement desc" as the third step's text.
    expect(measures[2]).toEqual({
      code: 'custom-3',
      name: UNNAMED_IMPROVEMENT,
      implementationCost: '1000',
      costTotal: '£3,100 – £3,350',
      // Hand-made sample: the third step lodges the same ratings as the second.
      epcIncrease: 0,
      eirIncrease: 0,
      epcTotal: 60,
      eirTotal: 64,
      epcBand: 'D',
      eirBand: 'D',
      image: '/measures/other.svg',
    });
    expect(measures[0]).toMatchObject({ epcIncrease: 0, eirIncrease: -2 });
    const headed = measuresOf('Additional-Fixtures__sap_with_improvement_headings_and_summaries.xml');
    expect(headed.map((m) => [m.code, m.name, m.costTotal])).toEqual([
      ['Increase loft insulation to 270 mm', 'Increase loft insulation to 270 mm', ''],
      ['Increase hot water cylinder insulation', 'Increase hot water cylinder insulation', ''],
      ['Low energy lighting for all fixed outlets', 'Low energy lighting for all fixed outlets', ''],
      ['Hot water cylinder thermostat', 'Hot water cylinder thermostat', ''],
    ]);
  });

  it('gives an improvement lodged with neither number nor text a code of its own', () => {
    const [first] = measuresOf('SAP-Schema-12.0__rdsap.xml');
    expect(first).toMatchObject({ code: 'custom-1', name: UNNAMED_IMPROVEMENT, implementationCost: '', costTotal: '' });
  });

  it('stops the cost total at the first step without a readable cost', () => {
    const survey = parseSurvey(readFixture('RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml'));
    const broken: Survey = {
      ...survey,
      improvements: survey.improvements.map((step, i) =>
        i === 1 ? { ...step, indicativeCost: 'Ask a builder', costRangePence: null } : step,
      ),
    };
    expect(measuresFrom(broken).map((m) => m.costTotal)).toEqual(['£100 – £350', '', '', '', '']);
  });

  it.each(fixtureNames())('%s: every measure meets the contract', (name) => {
    for (const m of measuresOf(name)) expect(measure.parse(m)).toEqual(m);
  });

  it('has a category and an icon for every improvement number in the list', () => {
    const numbers = readFileSync(CSV, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0])
      .filter((n) => /^\d+$/.test(n));
    expect(numbers.length).toBeGreaterThan(60);
    for (const n of numbers) expect([n, measureCategory(n)]).not.toEqual([n, 'other']);
    for (const category of MEASURE_CATEGORIES) {
      const svg = readFileSync(resolve(PUBLIC, 'measures', `${category}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    expect(measureCategory(null)).toBe('other');
    expect(existsSync(CSV)).toBe(true);
  });
});
