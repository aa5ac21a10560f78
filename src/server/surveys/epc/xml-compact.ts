import { randomBytes } from 'node:crypto';
import { SurveyError } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { MAX_XML_DEPTH, MAX_XML_TAGS } from './xml-safety';

/**
 * Text runs longer than this are lifted out of the document before fast-xml-parser sees it and
 * put back afterwards. The parser appends text one character at a time (about 100 ns a
 * character), so a 5 MB base64 PDF or padding would take half a second; lifted out, parsing
 * any file under the size limit stays in tens of milliseconds.
 */
const INLINE_TEXT_MAX = 16;

export interface CompactXml {
  xml: string;
  /** Lifted text runs, by the index written in their place. */
  runs: string[];
  /** What marks a lifted run: random each time, so no text in a file can pass for one. */
  mark: string;
}

/** Index of the '>' closing the tag that opens at `lt`, skipping '>' inside quoted attribute values. */
function tagEnd(text: string, lt: number): number {
  let quote = 0;
  for (let j = lt + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return j;
  }
  return -1;
}

function markupEnd(text: string, lt: number): number {
  if (text.startsWith('<!--', lt)) return end(text.indexOf('-->', lt + 4), 3);
  if (text.startsWith('<![CDATA[', lt)) return end(text.indexOf(']]>', lt + 9), 3);
  if (text.startsWith('<?', lt)) return end(text.indexOf('?>', lt + 2), 2);
  return end(tagEnd(text, lt), 1);
}

/** Whitespace between tags means nothing in a lodgement (values are trimmed): it is dropped. */
function isBlank(text: string, from: number, to: number): boolean {
  for (let j = from; j < to; j++) {
    const c = text.charCodeAt(j);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
  }
  return true;
}

/**
 * Element names in every EPC schema are under 60 characters, and a root tag with its namespaces
 * a few hundred; the XML validator spends half a second on a name of megabytes.
 */
const MAX_XML_NAME = 200;
const MAX_XML_TAG = 10_000;

/** The length of the element name that starts at `from`, counting no further than the limit allows. */
function nameLength(text: string, from: number, close: number): number {
  const stop = Math.min(close, from + MAX_XML_NAME + 1);
  let j = from;
  while (j < stop) {
    const c = text.charCodeAt(j);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47 /* '/' */ || c === 62 /* '>' */) break;
    j++;
  }
  return j - from;
}

const end = (index: number, length: number) => (index === -1 ? -1 : index + length);

/**
 * One pass over the text: counts tags and depth (refusing hostile shapes with a clear message
 * before any tree is built), drops whitespace between tags and lifts long text runs out.
 */
export function compactXml(text: string): CompactXml {
  const parts: string[] = [];
  const runs: string[] = [];
  const mark = `\uE000${randomBytes(6).toString('hex')}\uE000`;
  let copiedTo = 0;
  let tags = 0;
  let depth = 0;
  let roots = 0;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const runEnd = lt === -1 ? text.length : lt;
    if (runEnd > i) {
      const blank = isBlank(text, i, runEnd);
      // The validator lets some of these through; the parser would then silently drop content.
      if (!blank && depth === 0) throw new SurveyError(SURVEY_MESSAGES.malformed('text outside the root element'));
      if (blank || runEnd - i > INLINE_TEXT_MAX) {
        parts.push(text.slice(copiedTo, i));
        if (!blank) {
          parts.push(`${mark}${runs.length}${mark}`);
          runs.push(text.slice(i, runEnd));
        }
        copiedTo = runEnd;
      }
    }
    if (lt === -1) break;
    if (++tags > MAX_XML_TAGS) throw new SurveyError(SURVEY_MESSAGES.tooManyTags(MAX_XML_TAGS));
    const close = markupEnd(text, lt);
    if (close === -1) throw new SurveyError(SURVEY_MESSAGES.notXml);
    const c1 = text.charCodeAt(lt + 1);
    if (c1 !== 33 /* '!' */ && c1 !== 63 /* '?' */) {
      if (close - lt > MAX_XML_TAG) throw new SurveyError(SURVEY_MESSAGES.tagTooLong(MAX_XML_TAG));
      if (nameLength(text, c1 === 47 ? lt + 2 : lt + 1, close) > MAX_XML_NAME)
        throw new SurveyError(SURVEY_MESSAGES.nameTooLong(MAX_XML_NAME));
    }
    if (c1 === 47 /* '/' */) depth--;
    else if (c1 !== 33 /* '!' */ && c1 !== 63 /* '?' */) {
      if (depth === 0 && ++roots > 1) throw new SurveyError(SURVEY_MESSAGES.malformed('more than one root element'));
      if (text.charCodeAt(close - 2) !== 47 /* '/' of '/>' */ && ++depth > MAX_XML_DEPTH) {
        throw new SurveyError(SURVEY_MESSAGES.tooDeep(MAX_XML_DEPTH));
      }
    }
    i = close;
  }
  parts.push(text.slice(copiedTo));
  return { xml: parts.join(''), runs, mark };
}

/**
 * A parsed value with its lifted runs put back. A value can hold more than one (text on both
 * sides of a comment is joined by the parser): marks come in pairs around a run's index.
 */
export function restoreRun(value: string, { runs, mark }: CompactXml): string {
  if (!value.includes(mark)) return value;
  return value
    .split(mark)
    .map((piece, index) => (index % 2 === 1 ? (runs[Number(piece)] ?? '') : piece))
    .join('');
}
