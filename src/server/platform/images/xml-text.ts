import { LogoError } from './logo-error';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Characters XML 1.0 allows in a document. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/**
 * The text a reader of the XML sees. The parser is told not to expand entities, so checks run
 * on what librsvg would see (`jav&#x61;script:` is javascript:). Only the five predefined
 * entities and character references exist: a file without a DTD can define no others.
 */
export function decodeXmlText(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#[0-9]+|[A-Za-z][\w.-]*);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') {
      const named = NAMED[ref];
      if (named === undefined) throw new LogoError(`The file is not a valid SVG image: it uses the undefined entity ${whole}.`);
      return named;
    }
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    if (!isXmlChar(code))
      throw new LogoError('The file is not a valid SVG image: it contains a character reference to a character XML does not allow.');
    return String.fromCodePoint(code);
  });
}

export const escapeXmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Line breaks and tabs as references: a raw one would be normalised to a space in an attribute. */
export const escapeXmlAttribute = (text: string) =>
  escapeXmlText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
