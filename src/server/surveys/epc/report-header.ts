import { normalisePostcode } from './postcode';
import type { SurveyAddress, SurveyTenure } from './survey';
import { child, childNode, text, type XmlNode } from './xml-node';

export interface HeaderFacts {
  rrn: string | null;
  address: SurveyAddress;
  uprn: string | null;
  inspectionDate: string | null;
  lodgementDate: string | null;
  assessorId: string | null;
  assessorName: string | null;
  countryCode: string | null;
  tenure: SurveyTenure | null;
}

/** The register's Tenure codes (RdSAP and SAP schemas alike): 1 owner-occupied, 2 rented (social), 3 rented (private); 'ND' and anything else is unknown. */
const TENURES = new Map<string, SurveyTenure>([
  ['1', 'owner-occupied'],
  ['2', 'rented-social'],
  ['3', 'rented-private'],
]);

/** The assessor block was Home-Inspector until RdSAP 17 / SAP 18, Energy-Assessor since. */
const ASSESSOR_BLOCKS = ['Energy-Assessor', 'Home-Inspector'];

/**
 * The name is one string in current schemas ("Mr Test Boi TST") and Prefix / First-Name /
 * Surname / Suffix parts in the HCR and EST formats; the parts are joined in that order.
 */
function assessorName(assessor: XmlNode | undefined): string | null {
  const name = child(assessor, 'Name');
  if (name !== undefined && typeof name === 'object') {
    const parts = ['Prefix', 'First-Name', 'Surname', 'Suffix'].map((part) => text(name as XmlNode, part)).filter(Boolean);
    return parts.length > 0 ? parts.join(' ') : null;
  }
  return text(assessor, 'Name');
}

/**
 * The assessor's number on the register: Certificate-Number (E&W, NI) or Membership-Number
 * (Scotland), whichever the Identification-Number block holds.
 */
function assessorId(assessor: XmlNode | undefined): string | null {
  const id = childNode(assessor, 'Identification-Number');
  return text(id, 'Certificate-Number') ?? text(id, 'Membership-Number') ?? text(assessor, 'Identification-Number');
}

export function readHeader(body: XmlNode): HeaderFacts {
  const header = childNode(body, 'Report-Header');
  const property = childNode(header, 'Property');
  const address = childNode(property, 'Address');
  const assessor = ASSESSOR_BLOCKS.map((block) => childNode(header, block)).find(Boolean);
  const lines = ['Address-Line-1', 'Address-Line-2', 'Address-Line-3', 'Address-Line-4']
    .map((line) => text(address, line))
    .filter((line): line is string => line !== null);
  const postcode = text(address, 'Postcode');
  return {
    rrn: text(header, 'RRN'),
    address: { lines, town: text(address, 'Post-Town') ?? '', postcode: postcode ? normalisePostcode(postcode) : '' },
    uprn: text(property, 'UPRN'),
    inspectionDate: text(header, 'Inspection-Date'),
    lodgementDate: text(header, 'Registration-Date'),
    assessorId: assessorId(assessor),
    assessorName: assessorName(assessor),
    countryCode: text(header, 'Country-Code'),
    tenure: TENURES.get(text(header, 'Tenure') ?? '') ?? null,
  };
}
