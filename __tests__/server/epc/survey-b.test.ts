import { checkSurveyB, parseSurvey } from '../../../src/server/surveys/epc/parse-survey';
import { SurveyError } from '../../../src/server/surveys/epc/survey';
import { SURVEY_MESSAGES } from '../../../src/server/surveys/epc/survey-messages';
import { MAX_SURVEY_BYTES } from '../../../src/server/surveys/epc/xml-safety';
import { readFixture } from './fixture-files';

/** File A: the realistic E&W lodgement, postcode CF10 1AB. */
const A = parseSurvey(readFixture('RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml'));

/** A survey file in the software's own format: the assessor's postcode comes first on purpose. */
const surveyB = (propertyPostcode: string) => `<?xml version="1.0" encoding="utf-8"?>
<es:Survey xmlns:es="urn:example:rdsap-survey">
  <es:Assessor><es:Name>Jack Tester</es:Name><es:Address><es:Postcode>LS1 4AP</es:Postcode></es:Address></es:Assessor>
  <es:Property>
    <es:Address><es:Line1>28-29 St Mary Street</es:Line1><es:Postcode>${propertyPostcode}</es:Postcode></es:Address>
    <es:Walls><es:Construction>Cavity</es:Construction></es:Walls>
  </es:Property>
</es:Survey>`;

function refusal(xml: Buffer | string, a = A): string {
  try {
    checkSurveyB(xml, a);
  } catch (err) {
    if (err instanceof SurveyError) return err.message;
    throw err;
  }
  throw new Error('file B was accepted');
}

describe('file B, the RdSAP survey XML of the same property', () => {
  it('is accepted when a postcode in it agrees with file A, however it is written', () => {
    expect(() => checkSurveyB(surveyB('CF10 1AB'), A)).not.toThrow();
    expect(() => checkSurveyB(Buffer.from(surveyB('cf101ab')), A)).not.toThrow();
    expect(() => checkSurveyB(surveyB(' CF10  1AB '), A)).not.toThrow();
    // A lodgement of the same property also passes: the check does not depend on the schema.
    expect(() => checkSurveyB(readFixture('RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml'), A)).not.toThrow();
  });

  it("is refused when it is another property's, naming the property's postcode rather than the assessor's", () => {
    expect(refusal(surveyB('SW1A 2AA'))).toBe('File B is for a different property (postcode SW1A 2AA) than file A (CF10 1AB).');
    expect(refusal(surveyB('SW1A 2AA'))).toBe(SURVEY_MESSAGES.differentProperty('SW1A 2AA', 'CF10 1AB'));
  });

  it('is refused without any postcode, or when file A has none', () => {
    expect(refusal('<Survey><Property><Address>1 Some Street</Address></Property></Survey>')).toBe(SURVEY_MESSAGES.noPostcodeB);
    const redacted = parseSurvey(readFixture('RdSAP-Schema-21.0.1__redacted_epc.xml'));
    expect(refusal(surveyB('CF10 1AB'), redacted)).toBe(SURVEY_MESSAGES.noPostcodeA);
  });

  it('passes the same safety rules as file A', () => {
    expect(refusal('not xml at all')).toBe(SURVEY_MESSAGES.notXml);
    expect(refusal('<Survey><Postcode>CF10 1AB</Survey>')).toMatch(/^This file is not valid XML/);
    expect(refusal(`<!DOCTYPE s [<!ENTITY p "CF10 1AB">]><Survey><Postcode>&p;</Postcode></Survey>`)).toBe(SURVEY_MESSAGES.doctype);
    expect(refusal('<html><body>CF10 1AB</body></html>')).toBe(SURVEY_MESSAGES.html);
    expect(refusal(Buffer.alloc(MAX_SURVEY_BYTES + 1, 0x20))).toBe(SURVEY_MESSAGES.tooLarge(MAX_SURVEY_BYTES));
  });
});
