import type { Doc } from './layout';

/** pdfkit's parsed AFM file of a standard font (its class is not exported; this is the part used here). */
interface AfmFont {
  attributes: Record<string, unknown>;
  glyphWidths: Record<string, number>;
  boundingBoxes: Record<string, unknown>;
  kernPairs: Record<string, number>;
  parse(contents: string): void;
  getKernPair(left: string, right: string | undefined): number;
  /** Added here: the kerning table of this font. */
  kernTable?: KernTable;
}

interface ParsedMetrics {
  attributes: AfmFont['attributes'];
  glyphWidths: AfmFont['glyphWidths'];
  boundingBoxes: AfmFont['boundingBoxes'];
  kernPairs: AfmFont['kernPairs'];
}

/** Kerning as left glyph → right glyph → adjustment, built once per parsed font. */
type KernTable = Map<string, Map<string, number>>;

const parsed = new Map<string, ParsedMetrics>();
const kernTables = new WeakMap<AfmFont['kernPairs'], KernTable>();
let patched = false;

function kernTableOf(pairs: AfmFont['kernPairs']): KernTable {
  let table = kernTables.get(pairs);
  if (table) return table;
  table = new Map<string, Map<string, number>>();
  for (const [key, value] of Object.entries(pairs)) {
    const at = key.indexOf('\0');
    const left = key.slice(0, at);
    let row = table.get(left);
    if (!row) table.set(left, (row = new Map<string, number>()));
    row.set(key.slice(at + 1), value);
  }
  kernTables.set(pairs, table);
  return table;
}

/**
 * pdfkit reads and parses a standard font's metrics (an AFM file of some 3,000 lines, most of
 * them kerning pairs) for every document that uses the font, and looks each kerning pair up by a
 * joined string: together about a quarter of a Preliminary report's render. Here a thread parses
 * each font once and keeps it, and kerning is looked up in a table by glyph. The metrics are the
 * same numbers, so the PDF is byte for byte the same. Applied once, from the first document's
 * default font; if pdfkit's internals ever change shape, nothing is patched and it works as before.
 */
export function keepStandardFontMetrics(doc: Doc): void {
  if (patched) return;
  patched = true;
  const font = (doc as unknown as { _font?: { font?: Partial<AfmFont> } })._font?.font;
  const proto = font && (Object.getPrototypeOf(font) as Partial<AfmFont>);
  const parse = proto?.parse;
  if (!proto || typeof parse !== 'function' || typeof proto.getKernPair !== 'function' || typeof font?.kernPairs !== 'object') return;
  proto.parse = function (this: AfmFont, contents: string) {
    const known = parsed.get(contents);
    if (known) {
      // Shared between documents: pdfkit only reads them once parsed.
      Object.assign(this, known);
      return;
    }
    parse.call(this, contents);
    const { attributes, glyphWidths, boundingBoxes, kernPairs } = this;
    parsed.set(contents, { attributes, glyphWidths, boundingBoxes, kernPairs });
  };
  proto.getKernPair = function (this: AfmFont, left: string, right: string | undefined) {
    const table = (this.kernTable ??= kernTableOf(this.kernPairs));
    return (right !== undefined && table.get(left)?.get(right)) || 0;
  };
}
