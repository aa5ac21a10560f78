/**
 * Characters no text of ours may hold, found by scanning char codes: the patterns that would
 * match them are themselves made of control characters, which no reader can see in a diff, and a
 * scan is linear whatever the text.
 *
 * Refused (from users) or stripped (from survey files):
 * - C0 controls other than tab, line feed and carriage return, and DEL: ESC starts the terminal
 *   escape sequences of ECMA-48 (https://ecma-international.org/publications-and-standards/standards/ecma-48/),
 *   and PostgreSQL cannot store NUL in text;
 * - C1 controls, U+0080 to U+009F: ECMA-48's single-character CSI (U+009B) and OSC (U+009D)
 *   introducers, and nothing a person types;
 * - the bidirectional embeddings, overrides (U+202A to U+202E) and isolates (U+2066 to U+2069),
 *   which reorder the text around them (the "Trojan Source" trick, CVE-2021-42574), so that an
 *   address or a name reads differently from what it holds (https://www.unicode.org/reports/tr9/);
 * - noncharacters, U+FDD0 to U+FDEF and the last two code points of every plane, which Unicode
 *   reserves for a program's own use and never for interchange (https://www.unicode.org/faq/private_use.html#noncharacters);
 * - lone surrogates, which are no character at all and which UTF-8 cannot encode (a JSON body may
 *   still spell one as \uD800).
 */

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
const isRefusedC0 = (code: number) => code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code === 0x7f;

const isC1 = (code: number) => code >= 0x80 && code <= 0x9f;
const isBidiControl = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
const isNoncharacter = (codePoint: number) => (codePoint >= 0xfdd0 && codePoint <= 0xfdef) || (codePoint & 0xfffe) === 0xfffe;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** What XML 1.0 forbids outright: the same C0 controls (DEL is allowed) and the non-characters U+FFFE, U+FFFF. */
const isXmlIllegal = (code: number) =>
  code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code === 0xfffe || code === 0xffff;

const isUnsafeCodePoint = (codePoint: number) =>
  isRefusedC0(codePoint) || isC1(codePoint) || isBidiControl(codePoint) || isNoncharacter(codePoint);

/**
 * The UTF-16 length of the character at `i` when it is unsafe (1 or 2), else 0. A surrogate pair
 * is one character, checked as its code point; a surrogate without its partner is unsafe alone.
 */
function unsafeLengthAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (isHighSurrogate(code)) {
    const next = text.charCodeAt(i + 1);
    if (!isLowSurrogate(next)) return 1;
    const codePoint = (code - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000;
    return isNoncharacter(codePoint) ? 2 : 0;
  }
  if (isLowSurrogate(code)) return 1;
  return isUnsafeCodePoint(code) ? 1 : 0;
}

/** Whether the text holds any character listed at the top of this file. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (unsafeLengthAt(text, i) > 0) return true;
    // A valid pair is skipped whole: its low half is not a lone surrogate.
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) i++;
  }
  return false;
}

/** The text without any character listed at the top of this file; the same string when it has none. */
export function withoutControlCharacters(text: string): string {
  if (!hasControlCharacter(text)) return text;
  let kept = '';
  let from = 0;
  for (let i = 0; i < text.length;) {
    const unsafe = unsafeLengthAt(text, i);
    if (unsafe > 0) {
      kept += text.slice(from, i);
      i += unsafe;
      from = i;
    } else {
      i += isHighSurrogate(text.charCodeAt(i)) ? 2 : 1;
    }
  }
  return kept + text.slice(from);
}

export function hasXmlIllegalCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isXmlIllegal(text.charCodeAt(i))) return true;
  return false;
}
