import type { Measure } from '../../../src/shared/api/premium';
import { parseSurvey } from '../../../src/server/surveys/epc/parse-survey';
import type { Survey } from '../../../src/server/surveys/epc/survey';
import { readFixture } from '../surveys/epc/fixture-files';

/** A recommended measure by improvement number, as the measures service builds it. */
export function measure(code: string, implementationCost = '£1,000 - £2,000', epcIncrease = 5): Measure {
  return {
    code,
    name: `Improvement ${code}`,
    implementationCost,
    costTotal: '',
    epcIncrease,
    eirIncrease: epcIncrease,
    epcTotal: 0,
    eirTotal: 0,
    epcBand: 'D',
    eirBand: 'D',
    image: '',
  };
}

/** A real lodgement with the facts a test is about changed. */
export function homeWith(facts: Partial<Survey> & { rating?: number }): Survey {
  const base = parseSurvey(readFixture('RdSAP-Schema-21.0.1__epc.xml'));
  const { rating, ...rest } = facts;
  return { ...base, ...rest, energyRating: { current: rating ?? base.energyRating.current, potential: 90 } };
}
