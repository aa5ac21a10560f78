import { resolveCountry } from './country';
import { readAssessment } from './energy-assessment';
import { readImprovements } from './improvements';
import { readPropertyType } from './property-type';
import { readXml } from './read-xml';
import { mainFuelOf, mainsGasOf } from './heating';
import { readHeader } from './report-header';
import { identifySchema } from './schema-family';
import type { Survey } from './survey';
import { checkSurveyTextLimits } from './survey-limits';

export { checkSurveyB } from './survey-b';
export { MAX_SURVEY_BYTES } from './xml-safety';

/**
 * File A, the EPC lodgement XML as lodged on the register, of any family we know (RdSAP and
 * SAP for England & Wales, Scotland and Northern Ireland, old and current versions, the
 * Scottish EST format, the HCR-era lodgement message, the SAP compliance report). A value the
 * lodgement lacks is null (or '' / [] where the Survey type has no null); nothing is invented.
 * Throws SurveyError, with a message for the assessor, for anything that is not such a file, and
 * for a file whose figures no home has or whose text is longer than a report can keep.
 */
export function parseSurvey(xml: Buffer | string): Survey {
  const doc = readXml(xml);
  const { schema, body } = identifySchema(doc);
  const header = readHeader(body);
  const assessment = readAssessment(body);
  const { propertyType, builtForm } = readPropertyType(body);
  const survey: Survey = {
    schema,
    country: resolveCountry(header.countryCode, header.address.postcode, doc.namespace),
    tenure: header.tenure,
    mainFuel: mainFuelOf(assessment.summary),
    mainsGas: mainsGasOf(body),
    rrn: header.rrn,
    address: header.address,
    uprn: header.uprn,
    propertyType: propertyType ?? assessment.dwellingType,
    builtForm,
    dwellingType: assessment.dwellingType,
    floorAreaM2: assessment.floorAreaM2,
    inspectionDate: header.inspectionDate,
    lodgementDate: header.lodgementDate,
    assessorId: header.assessorId,
    assessorName: header.assessorName,
    summary: assessment.summary,
    energyRating: assessment.energyRating,
    environmentalImpact: assessment.environmentalImpact,
    // Only when lodged: a survey without band letters reads as it always has.
    ...(assessment.lodgedBands ? { lodgedBands: assessment.lodgedBands } : {}),
    co2: assessment.co2,
    runningCosts: assessment.runningCosts,
    improvements: readImprovements(body),
  };
  checkSurveyTextLimits(survey);
  return survey;
}
