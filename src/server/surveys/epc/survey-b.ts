import { normalisePostcode } from './postcode';
import { readXml } from './read-xml';
import { SurveyError, type Survey } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { all, findAllText, textOf, type XmlNode, type XmlValue } from './xml-node';

/** Blocks about someone other than the property: their postcodes, addresses and references are not the property's. */
const OTHER_PARTIES = /contact|assessor|inspector|scheme|complaint|client|insur/i;
/** The register's report reference (RRN) and the property's Unique Property Reference Number, as elements may name them. */
const RRN_ELEMENT = /^(?:rrn|report-?reference(?:-?number)?)$/i;
const UPRN_ELEMENT = /^uprn$/i;
/** The register's RRN is 20 digits in five groups; a software's own survey number is no reference to file A. */
const RRN_FORM = /^\d{4}(?:-?\d{4}){4}$/;

interface PropertyFacts {
  /** Each postcode of the property with the block it sits in (its address). */
  addresses: { postcode: string; block: XmlNode }[];
  /** References as written, to compare by referenceKey and to show. */
  rrns: string[];
  uprns: string[];
}

/** Every text below a value, in document order. */
function textsBelow(value: XmlValue, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) textsBelow(item, into);
  else for (const key of Object.keys(value)) textsBelow(value[key], into);
  return into;
}

/** The postcodes, references and addresses of the property, leaving out any block about another party. */
function propertyFacts(node: XmlNode, facts: PropertyFacts = { addresses: [], rrns: [], uprns: [] }): PropertyFacts {
  for (const key of Object.keys(node)) {
    if (OTHER_PARTIES.test(key)) continue;
    for (const item of all(node, key)) {
      const own = textOf(item).trim();
      if (own && key === 'Postcode') facts.addresses.push({ postcode: normalisePostcode(own), block: node });
      else if (own && RRN_ELEMENT.test(key) && RRN_FORM.test(own)) facts.rrns.push(own);
      else if (own && UPRN_ELEMENT.test(key)) facts.uprns.push(own);
      if (typeof item === 'object' && !Array.isArray(item)) propertyFacts(item, facts);
    }
  }
  return facts;
}

/** "UPRN-000100023456" and "100023456", "0000-1111-…" and "00001111…": compared without prefix, separators or leading zeros. */
function referenceKey(value: string): string {
  return value
    .toUpperCase()
    .replace(/^UPRN/, '')
    .replace(/[^0-9A-Z]/g, '')
    .replace(/^0+(?=.)/, '');
}

const words = (texts: string[]) =>
  new Set(
    texts
      .join(' ')
      .toLowerCase()
      .split(/[^0-9a-z]+/)
      .filter(Boolean),
  );

/**
 * Whether an address block of file B names file A's property: the numbers of A's first line
 * ("28-29", "Flat 2a") all appear, or its words when it has no number ("Rose Cottage"). Street
 * words are not required when a number is there, as files abbreviate them ("St", "Rd").
 */
function namesTheProperty(blocks: XmlNode[], a: Survey): boolean {
  const firstLine = [...words(a.address.lines.slice(0, 1))];
  if (firstLine.length === 0) return true;
  const numbered = firstLine.filter((w) => /\d/.test(w));
  const needed = numbered.length > 0 ? numbered : firstLine;
  // Each block once, however many postcodes it holds: a file of repeated postcodes costs no more.
  return [...new Set(blocks)].some((block) => {
    const inB = words(textsBelow(block));
    return needed.every((w) => inB.has(w));
  });
}

/**
 * File B, the elmhurst scheme's RdSAP survey XML: it passes the same safety checks as file A
 * and must be of the same property. Its schema is the software's own, so it is read by element
 * names in any namespace, and only outside the blocks about the assessor, the scheme or the client
 * (whose postcodes may be the property's by chance). The property's postcode must be file A's;
 * a report reference (RRN) or UPRN the file gives must be file A's too; and one of the property's
 * addresses with that postcode must name file A's house, since a postcode covers a street.
 */
export function checkSurveyB(xml: Buffer | string, a: Survey): void {
  const { tree } = readXml(xml);
  const want = normalisePostcode(a.address.postcode);
  if (!want) throw new SurveyError(SURVEY_MESSAGES.noPostcodeA);
  const facts = propertyFacts(tree);
  if (facts.addresses.length === 0) {
    const othersOnly = findAllText(tree, 'Postcode').length > 0;
    throw new SurveyError(othersOnly ? SURVEY_MESSAGES.noPropertyPostcode : SURVEY_MESSAGES.noPostcodeB);
  }
  const atPostcode = facts.addresses.filter((p) => p.postcode === want);
  if (atPostcode.length === 0) throw new SurveyError(SURVEY_MESSAGES.differentProperty(facts.addresses[0].postcode, want));

  const references = [
    { what: 'report reference', inA: a.rrn, inB: facts.rrns },
    { what: 'UPRN', inA: a.uprn, inB: facts.uprns },
  ];
  let referenceAgrees = false;
  for (const { what, inA, inB } of references) {
    if (!inA || inB.length === 0) continue;
    if (!inB.some((b) => referenceKey(b) === referenceKey(inA)))
      throw new SurveyError(SURVEY_MESSAGES.differentReference(what, inB[0], inA));
    referenceAgrees = true;
  }
  // An agreeing reference names the property even when the file writes its address another way.
  if (
    referenceAgrees ||
    namesTheProperty(
      atPostcode.map((p) => p.block),
      a,
    )
  )
    return;
  throw new SurveyError(SURVEY_MESSAGES.differentAddress(a.address.lines[0] ?? ''));
}
