import { normalisePostcode } from './postcode';
import { readXml } from './read-xml';
import { SurveyError, type Survey } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { findAllText } from './xml-node';

/** Blocks about someone other than the property: their postcodes are not the property's. */
const OTHER_PARTIES = /contact|assessor|inspector|scheme|complaint|client|insur/i;

/**
 * File B, the elmhurst scheme's RdSAP survey XML: it passes the same safety checks as file A
 * and must be of the same property. Its schema is the software's own, so the check is by
 * postcode: any Postcode element (in any namespace) agreeing with file A's is enough, since
 * the file also carries other postcodes (the assessor's, the scheme's).
 */
export function checkSurveyB(xml: Buffer | string, a: Survey): void {
  const { tree } = readXml(xml);
  const want = normalisePostcode(a.address.postcode);
  if (!want) throw new SurveyError(SURVEY_MESSAGES.noPostcodeA);
  const found = findAllText(tree, 'Postcode').map((p) => ({ ...p, value: normalisePostcode(p.value) }));
  if (found.length === 0) throw new SurveyError(SURVEY_MESSAGES.noPostcodeB);
  if (found.some((p) => p.value === want)) return;
  // Name the property's postcode when the file shows which one it is, not the assessor's.
  const aboutProperty = (path: string[]) =>
    path.some((step) => /property|dwelling|address/i.test(step)) && !path.some((step) => OTHER_PARTIES.test(step));
  const shown = found.find((p) => aboutProperty(p.path)) ?? found[0];
  throw new SurveyError(SURVEY_MESSAGES.differentProperty(shown.value, want));
}
