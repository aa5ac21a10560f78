/**
 * Every message an assessor can see when a survey file is refused, written once so the parser
 * and its tests agree. They say what is wrong with the file and, where it helps, what to upload.
 */

import { groupThousands } from '../../../shared/money';

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** A parser's detail can quote the file (a name of megabytes); the assessor needs its start only. */
const shortened = (detail: string, limit = 200) => (detail.length > limit ? `${detail.slice(0, limit)}…` : detail);

export const SURVEY_MESSAGES = {
  empty: 'This file is empty.',
  tooLarge: (limit: number) => `This file is larger than ${mb(limit)}; an EPC lodgement XML file is much smaller.`,
  notXml: 'This file is not valid XML. Please upload the EPC lodgement XML file.',
  malformed: (detail: string) => `This file is not valid XML (${shortened(detail)}). Please upload the EPC lodgement XML file as lodged.`,
  controlCharacters:
    'This file contains control characters (such as NUL) that XML does not allow, so it is not an EPC lodgement file as lodged.',
  html: 'This file is a web page (HTML), not an EPC lodgement XML file.',
  doctype: 'This file contains a DOCTYPE or ENTITY declaration. EPC lodgement files never do, so it was refused for safety.',
  tooManyTags: (limit: number) =>
    `This file has more than ${groupThousands(limit)} XML tags, far more than any EPC lodgement; it was refused.`,
  tagTooLong: (limit: number) =>
    `This file has an XML tag longer than ${groupThousands(limit)} characters, far longer than any in an EPC lodgement; it was refused.`,
  nameTooLong: (limit: number) =>
    `This file has an XML element name longer than ${limit} characters, far longer than any in an EPC lodgement; it was refused.`,
  tooDeep: (limit: number) =>
    `This file nests its XML elements more than ${limit} levels deep, far deeper than any EPC lodgement; it was refused.`,
  notEpc: (root: string) =>
    `This is not an EPC lodgement file: it is another kind of XML document (its root element is <${root}>). Please upload the EPC XML as lodged on the register.`,
  unknownSchema: (what: string) =>
    `This looks like an energy certificate file, but its schema (${what}) is not one we can read. Please upload the domestic RdSAP or SAP EPC lodgement XML.`,
  missingRatings:
    'This EPC file does not contain its current and potential energy ratings and environmental impact ratings, so no report can be made from it.',
  improvementWithoutRatings: (sequence: number) =>
    `Suggested improvement ${sequence} in this EPC file has no energy or environmental rating after it, so no report can be made from it.`,
  figureOutOfRange: (element: string, value: string, expected: string) =>
    `This EPC file gives ${element} as "${shortened(value, 40)}", which is not ${expected}, so no report can be made from it.`,
  indicativeCost: (sequence: number, value: string) =>
    `Suggested improvement ${sequence} in this EPC file gives its Indicative-Cost as "${shortened(value, 40)}", which is not a cost from £0 to £1,000,000, so no report can be made from it.`,
  markupDeclaration:
    'This file contains a markup declaration (such as <!ELEMENT …>). EPC lodgement files never do, so it was refused for safety.',
  textTooLong: (field: string, limit: number, length: number) =>
    `This EPC file's ${field} is ${groupThousands(length)} characters long; the most a report can hold is ${groupThousands(limit)}. Please check the file is the lodgement as lodged.`,
  noPostcodeA: 'File A has no property postcode, so file B cannot be checked against it.',
  noPostcodeB: 'File B contains no postcode, so it cannot be matched to the property of file A.',
  differentProperty: (b: string, a: string) => `File B is for a different property (postcode ${b}) than file A (${a}).`,
  noPropertyPostcode:
    'File B gives no postcode for the property (only those of the assessor or others), so it cannot be matched to file A.',
  differentReference: (what: string, b: string, a: string) => `File B is for a different property (${what} ${b}) than file A (${a}).`,
  differentAddress: (a: string) => `File B has file A's postcode but not its address (${a}): it is another property at that postcode.`,
} as const;
