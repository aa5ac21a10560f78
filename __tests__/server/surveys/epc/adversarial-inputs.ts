import { MAX_SURVEY_BYTES } from '../../../../src/server/surveys/epc/xml-safety';
import { fixture, SAMPLE } from '../../helpers/reports';

/** Fills a document up to the survey size limit with `unit` repeated between `head` and `tail`. */
function atLimit(head: string, unit: string, tail = ''): Buffer {
  const room = MAX_SURVEY_BYTES - Buffer.byteLength(head + tail) - 16;
  return Buffer.from(head + unit.repeat(Math.floor(room / Buffer.byteLength(unit))) + tail);
}

/** A real lodgement with one value replaced, padded to the size limit. */
function sampleWith(element: string, value: (room: number) => string): Buffer {
  const xml = fixture(SAMPLE).toString('utf8');
  const open = xml.indexOf(`<${element}>`) + element.length + 2;
  const close = xml.indexOf(`</${element}>`, open);
  const room = MAX_SURVEY_BYTES - Buffer.byteLength(xml) - 16;
  return Buffer.from(xml.slice(0, open) + value(room) + xml.slice(close));
}

/**
 * Inputs shaped to make a careless parser backtrack or loop: long names, long runs of blanks,
 * digits and delimiters, a cost that is a currency and a sea of spaces. Each is at the 5 MB limit.
 */
export const ADVERSARIAL_SURVEYS: Record<string, () => Buffer> = {
  'a root element name of 5 MB, never closed': () => atLimit('<', 'a'),
  'a root element name of 5 MB, closed': () => atLimit('<', 'a', '>x</a>'),
  'a nested element name of 5 MB': () => atLimit('<RdSAP-Report><', 'b', '>1</b></RdSAP-Report>'),
  'a namespace attribute value of 5 MB': () => atLimit('<p:RdSAP-Report xmlns:p="', ' x', '"></p:RdSAP-Report>'),
  'a prefixed root with blanks before an equals sign': () => atLimit('<p:Report xmlns:p', ' ', '="a"/>'),
  'a text value of 5 MB of spaces': () => atLimit('<RdSAP-Report><Address-Line-1>', ' ', 'x</Address-Line-1></RdSAP-Report>'),
  'a text value of 5 MB of digits': () => atLimit('<RdSAP-Report><Energy-Rating-Current>', '9', '</Energy-Rating-Current></RdSAP-Report>'),
  'repeated less-than signs': () => atLimit('<RdSAP-Report>', '<'),
  'repeated ampersands': () => atLimit('<RdSAP-Report><a>', '&', '</a></RdSAP-Report>'),
  'repeated entity starts': () => atLimit('<RdSAP-Report><a>', '&#x', '</a></RdSAP-Report>'),
  'repeated dashes and commas': () => atLimit('<RdSAP-Report><a>', '-,', '</a></RdSAP-Report>'),
  'a comment that never ends': () => atLimit('<!--', '-'),
  'declarations over and over': () => atLimit('', '<?xml ?>'),
  'a wide document of empty elements': () => atLimit('<RdSAP-Report>', '<b/>', '</RdSAP-Report>'),
  'a cost of GBP followed by spaces': () => sampleWith('Indicative-Cost', (room) => `GBP${' '.repeat(room)}`),
  'a cost of GBP, spaces and a number': () => sampleWith('Indicative-Cost', (room) => `GBP${' '.repeat(room)}100 -`),
  'a cost of digits and commas': () => sampleWith('Indicative-Cost', (room) => `£${'1,000'.repeat(Math.floor(room / 5))}x`),
  'a postcode of spaces': () => sampleWith('Postcode', (room) => ` ${' '.repeat(room)}A`),
};
