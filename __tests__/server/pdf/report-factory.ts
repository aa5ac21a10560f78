import { crc32, deflateSync } from 'node:zlib';
import { epcBand } from '../../../src/shared/epc-bands';
import type { Measure } from '../../../src/shared/api/premium';
import type { Survey, SurveyImprovement } from '../../../src/server/surveys/epc/survey';
import type { PreliminaryReportInput } from '../../../src/server/pdf/render-preliminary';

/** A semi-detached house as an RdSAP 21 lodgement describes it (values as the parser gives them). */
export function makeSurvey(overrides: Partial<Survey> = {}): Survey {
  return {
    schema: { family: 'RdSAP', version: 'RdSAP-Schema-21.0.1', rootElement: 'RdSAP-Report' },
    country: 'ENG',
    rrn: '0240-2821-7050-2195-7681',
    address: { lines: ['12 Epc Street'], town: 'St Albans', postcode: 'AL1C 2DE' },
    uprn: '100081234567',
    propertyType: 'House, Semi-Detached',
    floorAreaM2: 86,
    inspectionDate: '2025-02-14',
    lodgementDate: '2025-02-17',
    assessorId: 'EES/021345',
    assessorName: 'Jane Harper',
    summary: [
      { element: 'Walls', description: 'Cavity wall, as built, no insulation (assumed)', energyEfficiency: 2, environmentalEfficiency: 2 },
      { element: 'Roof', description: 'Pitched, 100 mm loft insulation', energyEfficiency: 3, environmentalEfficiency: 3 },
      { element: 'Floor', description: 'Suspended, no insulation (assumed)', energyEfficiency: null, environmentalEfficiency: null },
      { element: 'Windows', description: 'Fully double glazed', energyEfficiency: 3, environmentalEfficiency: 3 },
      { element: 'Main-Heating', description: 'Boiler and radiators, mains gas', energyEfficiency: 4, environmentalEfficiency: 4 },
      {
        element: 'Main-Heating-Controls',
        description: 'Programmer, room thermostat and TRVs',
        energyEfficiency: 4,
        environmentalEfficiency: 4,
      },
      { element: 'Hot-Water', description: 'From main system', energyEfficiency: 4, environmentalEfficiency: 4 },
      { element: 'Lighting', description: 'Low energy lighting in all fixed outlets', energyEfficiency: 5, environmentalEfficiency: 5 },
      { element: 'Secondary-Heating', description: 'Room heaters, electric', energyEfficiency: null, environmentalEfficiency: null },
    ],
    energyRating: { current: 54, potential: 81 },
    environmentalImpact: { current: 48, potential: 79 },
    co2: { current: 4.2, potential: 1.6 },
    runningCosts: [
      { item: 'Lighting', currentPence: 12345, potentialPence: 8423 },
      { item: 'Heating', currentPence: 136598, potentialPence: 82034 },
      { item: 'Hot water', currentPence: 20040, potentialPence: 18043 },
    ],
    improvements: [],
    ...overrides,
  };
}

export const TYPICAL_MEASURES: [name: string, cost: string, low: number, high: number, epcGain: number][] = [
  ['Cavity wall insulation', '£500 - £1,500', 500, 1500, 9],
  ['Increase loft insulation to 270 mm', '£100 - £350', 100, 350, 3],
  ['Floor insulation (suspended floor)', '£800 - £1,200', 800, 1200, 4],
  ['Solar water heating', '£4,000 - £6,000', 4000, 6000, 2],
  ['Solar photovoltaic panels, 2.5 kWp', '£3,500 - £5,500', 3500, 5500, 9],
];

const pounds = (n: number) => `£${n.toLocaleString('en-GB')}`;

/** Measures in sequence with running totals, as the measures service builds them from a survey. */
export function makeMeasures(count = TYPICAL_MEASURES.length, start = { epc: 54, eir: 48 }): Measure[] {
  const measures: Measure[] = [];
  let epc = start.epc;
  let eir = start.eir;
  let low = 0;
  let high = 0;
  for (let i = 0; i < count; i++) {
    const [name, cost, lo, hi, gain] = TYPICAL_MEASURES[i % TYPICAL_MEASURES.length];
    const epcIncrease = count > TYPICAL_MEASURES.length ? (i % 3 === 0 ? 1 : 0) : gain;
    const eirIncrease = epcIncrease + 1;
    epc += epcIncrease;
    eir += eirIncrease;
    low += lo;
    high += hi;
    measures.push({
      code: count > TYPICAL_MEASURES.length ? `Custom measure ${i + 1}` : String(i + 1),
      name: count > TYPICAL_MEASURES.length ? `${name} (step ${i + 1})` : name,
      implementationCost: cost,
      costTotal: `${pounds(low)} - ${pounds(high)}`,
      epcIncrease,
      eirIncrease,
      epcTotal: epc,
      eirTotal: eir,
      epcBand: epcBand(epc),
      eirBand: epcBand(eir),
      image: '',
    });
  }
  return measures;
}

export function improvementsOf(measures: Measure[]): SurveyImprovement[] {
  return measures.map((m, i) => ({
    sequence: i + 1,
    number: /^\d+$/.test(m.code) ? m.code : null,
    text: /^\d+$/.test(m.code) ? null : m.name,
    indicativeCost: m.implementationCost,
    costRangePence: null,
    typicalSavingPence: null,
    energyRatingAfter: m.epcTotal,
    environmentalRatingAfter: m.eirTotal,
  }));
}

export function makeInput(overrides: Partial<PreliminaryReportInput> = {}): PreliminaryReportInput {
  const measures = overrides.measures ?? makeMeasures();
  return {
    survey: makeSurvey({ improvements: improvementsOf(measures) }),
    measures,
    reportName: '12 Epc Street, St Albans, AL1C 2DE',
    createdAt: new Date('2025-03-03T10:00:00Z'),
    councilTax: { address: '12, EPC STREET, ST ALBANS', band: 'D' },
    branding: { companyName: 'Harper Energy Assessments', colour: '#0f766e', logo: null },
    shareUrl: 'https://app.epcplus.co.uk/s/1042/12-epc-street-st-albans',
    premiumPricePence: 14900,
    // A server with card payment on: the call to action may show the price and "order it online".
    cardPayments: true,
    assessor: { name: 'Harriet Harper', email: 'harriet@harper-energy.example', phone: '01727 000123' },
    ...overrides,
  };
}

/**
 * A 1x1 PNG built by hand so the test needs no image library: opaque, or with an alpha channel
 * (the kind pdfkit decodes), or with pixel data that is not deflate at all.
 */
export function tinyPng(opts: { alpha?: boolean; brokenPixels?: boolean } = {}): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(opts.alpha ? 6 : 2, 9); // RGBA or RGB
  const pixel = Buffer.from(opts.alpha ? [0, 15, 118, 110, 200] : [0, 15, 118, 110]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', opts.brokenPixels ? Buffer.from([0x78, 0x9c, 0xff, 0xff, 0x00, 0x13, 0x37]) : deflateSync(pixel)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
