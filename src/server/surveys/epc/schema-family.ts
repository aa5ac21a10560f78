import type { XmlDocument } from './read-xml';
import { SurveyError, type SurveySchema } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { childNode, findFirst, text, type XmlNode } from './xml-node';

/**
 * The register families we read, by root element. Their content uses the same element names
 * once namespace prefixes are dropped (HIP:, SAP:), so one set of readers serves them all;
 * what differs is where the certificate sits in the document:
 * - RdSAP-Report / SAP-Report: the certificate is the root (E&W, Scotland, NI; 2014 onwards).
 * - SAP-Compliance-Report: a new-build compliance report wrapping a SAP-Report.
 * - Energy-Performance-Certificate: the older Scottish EST register format.
 * - ConditionReportCreateRequest_1: the HCR-era lodgement message; the certificate is Content/EPC-Data.
 */
const FAMILIES: Record<string, { family: SurveySchema['family']; body: (tree: XmlNode) => XmlNode | undefined }> = {
  'RdSAP-Report': { family: 'RdSAP', body: (tree) => tree },
  'SAP-Report': { family: 'SAP', body: (tree) => tree },
  'SAP-Compliance-Report': { family: 'SAP', body: (tree) => childNode(tree, 'SAP-Report') },
  'Energy-Performance-Certificate': { family: 'EST-Scotland', body: (tree) => tree },
  ConditionReportCreateRequest_1: { family: 'HCR', body: (tree) => childNode(tree, 'Content', 'EPC-Data') },
};

/**
 * Hosts of the namespaces the registers have used (epcregister.com, epbniregister.com,
 * epbr.digital.communities.gov.uk, hcrregister.com, est.org.uk, and the HCR "DCLG-HIP" URNs).
 * A namespace is matched by host, not letter for letter, so http/https or a path change in a
 * future schema does not lock assessors out; one from elsewhere is not a lodgement.
 */
const REGISTER_NAMESPACE =
  /^(https?:\/\/(www\.)?(epcregister\.com|epbniregister\.com|epbr\.digital\.communities\.gov\.uk|hcrregister\.com|est\.org\.uk)(\/|$)|DCLG-)/i;

export interface Identified {
  schema: SurveySchema;
  /** The element holding Report-Header, Energy-Assessment and the SAP data. */
  body: XmlNode;
}

export function identifySchema(doc: XmlDocument): Identified {
  const known = FAMILIES[doc.root];
  const fromRegister = doc.namespace === null || REGISTER_NAMESPACE.test(doc.namespace);
  if (!known) {
    // A certificate of a kind we do not read (non-domestic CEPC, DEC, a future format) gets a
    // different message from an unrelated XML file: the assessor picked the wrong EPC file.
    const looksLikeCertificate =
      (doc.namespace !== null && REGISTER_NAMESPACE.test(doc.namespace)) || findFirst(doc.tree, 'Report-Header') !== undefined;
    if (looksLikeCertificate) throw new SurveyError(SURVEY_MESSAGES.unknownSchema(describe(doc)));
    throw new SurveyError(SURVEY_MESSAGES.notEpc(doc.root));
  }
  if (!fromRegister) throw new SurveyError(SURVEY_MESSAGES.unknownSchema(describe(doc)));
  const body = known.body(doc.tree);
  if (!body) throw new SurveyError(SURVEY_MESSAGES.missingRatings);
  const version = text(body, 'Schema-Version-Original') ?? text(body, 'SAP-Data', 'Schema-Version') ?? text(body, 'Schema-Version');
  return { schema: { family: known.family, version, rootElement: doc.root }, body };
}

const describe = (doc: XmlDocument) => (doc.namespace ? `${doc.root} in namespace ${doc.namespace}` : doc.root);
