import { SurveyError } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { hasXmlIllegalCharacter } from '../../platform/security/control-characters';

/** Survey uploads above this are refused before anything reads them (the 5 MB upload limit). */
export const MAX_SURVEY_BYTES = 5 * 1024 * 1024;
/** A real lodgement has 1,000-3,000 tags; this leaves a wide margin and bounds parse time and memory. */
export const MAX_XML_TAGS = 100_000;
/** The deepest path in any EPC schema is about 10 elements. */
export const MAX_XML_DEPTH = 32;

/**
 * Every text value is cut to this before anything reads it: the longest value in a lodgement (a
 * custom improvement's description) is a few hundred characters, and no pattern should ever run
 * over megabytes of one value.
 */
export const MAX_XML_TEXT = 2000;

const LEGACY_ENCODINGS = /^(iso-?8859-1|latin-?1|windows-1252|cp1252|us-ascii|ascii)$/i;

/** The declared encoding of the XML declaration, read from the raw bytes (it is ASCII by rule). */
function declaredEncoding(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 300).toString('latin1').trimStart();
  if (!head.startsWith('<?xml')) return null;
  const end = head.indexOf('?>');
  const declaration = head.slice(0, end < 0 ? head.length : end);
  return /\sencoding\s*=\s*["']([\w.-]+)["']/.exec(declaration)?.[1] ?? null;
}

/**
 * Bytes to text. Lodgements are UTF-8, but older software wrote ISO-8859-1/Windows-1252 (with a
 * bare 0xA3 for '£'), sometimes while declaring UTF-8: those are read as Windows-1252 rather than
 * turning every pound sign into a replacement character.
 */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(0, bytes.length & ~1))
      .swap16()
      .toString('utf16le');
  const declared = declaredEncoding(bytes);
  if (declared && LEGACY_ENCODINGS.test(declared)) return windows1252(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return windows1252(bytes);
  }
}

/** Windows-1252 needs ICU data; a Node built without it still reads ISO-8859-1, which differs only in rare symbols. */
function windows1252(bytes: Buffer): string {
  try {
    return new TextDecoder('windows-1252').decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * The checks every uploaded XML passes before a parser sees it: size, encoding, a leading byte
 * order mark or blank lines (one register sample starts with a newline, which strict parsers
 * reject), and no DOCTYPE, ENTITY or other markup declaration at all, which rules out external
 * entities (XXE) and entity expansion bombs whatever the parser's own settings.
 */
export function safeXmlText(input: Buffer | string): string {
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.length;
  if (size > MAX_SURVEY_BYTES) throw new SurveyError(SURVEY_MESSAGES.tooLarge(MAX_SURVEY_BYTES));
  const text = (typeof input === 'string' ? input : decode(input)).replace(/^\uFEFF/, '').trimStart();
  if (text === '') throw new SurveyError(SURVEY_MESSAGES.empty);
  if (text[0] !== '<') throw new SurveyError(SURVEY_MESSAGES.notXml);
  // XML 1.0 forbids these outright; PostgreSQL cannot store NUL in text either.
  if (hasXmlIllegalCharacter(text)) throw new SurveyError(SURVEY_MESSAGES.controlCharacters);
  if (/^(<\?xml[^>]*>\s*)?(<!doctype\s+html|<html[\s>])/i.test(text)) throw new SurveyError(SURVEY_MESSAGES.html);
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(text)) throw new SurveyError(SURVEY_MESSAGES.doctype);
  if (hasMarkupDeclaration(text)) throw new SurveyError(SURVEY_MESSAGES.markupDeclaration);
  return text;
}

/**
 * Whether any "<!" opens something other than a comment or a CDATA section: <!ELEMENT>,
 * <!ATTLIST> and <!NOTATION> belong only in a DOCTYPE, yet the well-formedness check lets one
 * through inside an element and the parser then drops the elements around it (a file read that
 * way had no address at all). A scan from one "<!" to the next: linear.
 */
function hasMarkupDeclaration(text: string): boolean {
  for (let at = text.indexOf('<!'); at >= 0; at = text.indexOf('<!', at + 2)) {
    if (!text.startsWith('<!--', at) && !text.startsWith('<![CDATA[', at)) return true;
  }
  return false;
}
