/**
 * Characters no text of ours may hold, found by scanning char codes: the patterns that would
 * match them are themselves made of control characters, which no reader can see in a diff.
 */

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
const isRefusedControl = (code: number) =>
  code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code === 0x7f;

/** What XML 1.0 forbids outright: the same C0 controls (DEL is allowed) and the non-characters U+FFFE, U+FFFF. */
const isXmlIllegal = (code: number) =>
  code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code === 0xfffe || code === 0xffff;

function hasAny(text: string, refused: (code: number) => boolean): boolean {
  for (let i = 0; i < text.length; i++) if (refused(text.charCodeAt(i))) return true;
  return false;
}

export const hasControlCharacter = (text: string) => hasAny(text, isRefusedControl);
export const hasXmlIllegalCharacter = (text: string) => hasAny(text, isXmlIllegal);
