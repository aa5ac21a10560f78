import { checkSurveyB, parseSurvey } from '../../../../src/server/surveys/epc/parse-survey';
import { SurveyError } from '../../../../src/server/surveys/epc/survey';
import { SURVEY_MESSAGES } from '../../../../src/server/surveys/epc/survey-messages';
import { MAX_SURVEY_BYTES } from '../../../../src/server/surveys/epc/xml-safety';
import { readFixture } from './fixture-files';

/** File A: the realistic E&W lodgement, postcode CF10 1AB. */
const A = parseSurvey(readFixture('RHI_UAT_scenarios__0000-1111-2220-3330-5550_to_5559.xml'));

/** A survey file in the software's own format: the assessor's postcode comes first on purpose. */
const surveyB = (
  propertyPostcode: string,
  { line1 = '28-29 St Mary Street', assessorPostcode = 'LS1 4AP', reference = '' } = {},
) => `<?xml version="1.0" encoding="utf-8"?>
<es:Survey xmlns:es="urn:example:rdsap-survey">
  <es:Assessor><es:Name>Jack Tester</es:Name><es:Address><es:Line1>2 Office Park</es:Line1><es:Postcode>${assessorPostcode}</es:Postcode></es:Address></es:Assessor>
  ${reference}
  <es:Property>
    <es:Address><es:Line1>${line1}</es:Line1><es:Postcode>${propertyPostcode}</es:Postcode></es:Address>
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
  it("is accepted when the property's postcode agrees with file A, however it is written", () => {
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

  it("is refused when file A's postcode is only the assessor's, naming the property's postcode", () => {
    // The property is in London; the assessor's office happens to share file A's postcode.
    expect(refusal(surveyB('SW1A 2AA', { assessorPostcode: 'CF10 1AB' }))).toBe(SURVEY_MESSAGES.differentProperty('SW1A 2AA', 'CF10 1AB'));
    expect(refusal(surveyB('', { assessorPostcode: 'CF10 1AB' }))).toBe(SURVEY_MESSAGES.noPropertyPostcode);
  });

  it("is refused for another house at file A's postcode, and accepted when its address is written another way", () => {
    expect(refusal(surveyB('CF10 1AB', { line1: '31 St Mary Street' }))).toBe(SURVEY_MESSAGES.differentAddress('28-29 ST MARY STREET'));
    expect(() => checkSurveyB(surveyB('CF10 1AB', { line1: '28 - 29 St. Mary St' }), A)).not.toThrow();
  });

  it("is refused when its report reference or UPRN is another property's, and accepted when they are file A's", () => {
    const rrn = (value: string) => `<es:RRN>${value}</es:RRN>`;
    const uprn = (value: string) => `<es:Property-Ref><es:UPRN>${value}</es:UPRN></es:Property-Ref>`;
    expect(refusal(surveyB('CF10 1AB', { reference: rrn('9999-1111-2220-3330-5550') }))).toBe(
      SURVEY_MESSAGES.differentReference('report reference', '9999-1111-2220-3330-5550', '0000-1111-2220-3330-5550'),
    );
    expect(refusal(surveyB('CF10 1AB', { reference: uprn('100023336956') }))).toBe(
      SURVEY_MESSAGES.differentReference('UPRN', '100023336956', 'UPRN-200001854451'),
    );
    // A matching reference identifies the property even where the address is written unrecognisably.
    expect(() => checkSurveyB(surveyB('CF10 1AB', { reference: rrn('00001111222033305550') }), A)).not.toThrow();
    expect(() => checkSurveyB(surveyB('CF10 1AB', { line1: 'Unit B', reference: uprn('200001854451') }), A)).not.toThrow();
    // The software's own survey number is not a register reference and decides nothing.
    expect(() => checkSurveyB(surveyB('CF10 1AB', { reference: rrn('ES-12345') }), A)).not.toThrow();
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
