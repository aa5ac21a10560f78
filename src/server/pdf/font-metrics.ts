import type { Doc } from './layout';

/** pdfkit's parsed AFM file of a standard font (its class is not exported; this is the part used here). */
interface AfmFont {
  attributes: Record<string, unknown>;
  glyphWidths: Record<string, number>;
  boundingBoxes: Record<string, unknown>;
  kernPairs: Record<string, number>;
  parse(contents: string): void;
  getKernPair(left: string, right: string | undefined): number;
  glyphsForString(text: string): string[];
  advancesForGlyphs(glyphs: string[]): number[];
  /** Added here: the kerning table of this font. */
  kernTable?: KernTable;
  /** Added here: widths (in thousandths of the size) of strings measured before in this font. */
  widths?: Map<string, number>;
}

/** pdfkit's standard font of one document, around its parsed metrics. */
interface StandardFont {
  font: AfmFont;
  widthOfString(text: unknown, size: number): number;
  encode(text: string, features?: unknown): Encoded;
  /** Added here: strings encoded before in this font. */
  encodedCache?: EncodedCache;
}

/** A string as pdfkit writes it: glyph codes, and each glyph's advance and offsets (read, never changed, by pdfkit). */
type Encoded = [string[], unknown[]];
interface EncodedCache {
  strings: Map<string, Encoded>;
  chars: number;
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
const widthTables = new WeakMap<AfmFont['glyphWidths'], Map<string, number>>();
/** Words and labels recur from report to report; the table stops growing here (a few hundred kB). */
const MAX_WIDTHS = 20_000;
const encodedTables = new WeakMap<AfmFont['glyphWidths'], EncodedCache>();
/** Encoded text keeps an object per character: the table stops growing at this many (a few MB). */
const MAX_ENCODED_CHARS = 50_000;
/** Lines of a text measured before, by font, size, width and text. */
const lineCounts = new Map<string, number>();
/** The texts kept are the user's too (remarks, descriptions): the table stops growing at this many characters (about 2 MB). */
const MAX_LINE_COUNT_CHARS = 1_000_000;
let lineCountChars = 0;
let patched = false;

/** The part of pdfkit's document that measuring a text's height reads. */
interface MeasuringDoc {
  y: number;
  _font: { name?: unknown } | null;
  _fontSize: number;
  _lineGap: number;
  _textOptions: unknown;
  _wrapper: unknown;
  currentLineHeight(includeGap: boolean): number;
  heightOfString: (this: MeasuringDoc, text: unknown, options?: Record<string, unknown>) => number;
}

/** Options that only say where a text wraps and how far apart its lines are: nothing else changes its height. */
const PLAIN_MEASURE = new Set(['width', 'lineGap']);
const isPlainMeasure = (options: Record<string, unknown> | undefined): options is { width: number; lineGap?: number } =>
  !!options && typeof options.width === 'number' && Object.keys(options).every((key) => PLAIN_MEASURE.has(key));

/**
 * heightOfString wraps the text as drawing it would (a quarter of a table's cost is measuring its
 * rows), and reports share most of what they measure: headers, labels, the same paragraphs. pdfkit
 * adds one line height (and gap) to y per line and returns how far y moved; so the number of lines
 * is kept, and a text measured again moves y by that many lines from where y is now, the same
 * additions pdfkit makes, to the same number. Anything unusual (other options, text continued from
 * a previous call) is measured by pdfkit itself.
 */
function keepTextLineCounts(docProto: MeasuringDoc): void {
  const heightOfString = docProto.heightOfString;
  docProto.heightOfString = function (this: MeasuringDoc, text: unknown, options?: Record<string, unknown>) {
    const fontName = this._font?.name;
    if (typeof text !== 'string' || typeof fontName !== 'string' || !isPlainMeasure(options) || this._textOptions || this._wrapper)
      return heightOfString.call(this, text, options);
    const key = `${fontName}\0${this._fontSize}\0${options.width}\0${text}`;
    const step = this.currentLineHeight(true) + (options.lineGap || this._lineGap || 0);
    const known = lineCounts.get(key);
    if (known !== undefined) {
      let y = this.y;
      for (let line = 0; line < known; line++) y += step;
      return y - this.y;
    }
    const height = heightOfString.call(this, text, options);
    // The lines counted back the way pdfkit added them; kept only if that gives its very number.
    let y = this.y;
    let lines = 0;
    while (step > 0 && y - this.y < height && lines <= text.length) {
      y += step;
      lines++;
    }
    if (y - this.y === height && lineCountChars + key.length <= MAX_LINE_COUNT_CHARS) {
      lineCounts.set(key, lines);
      lineCountChars += key.length;
    }
    return height;
  };
}

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

function encodedOf(glyphWidths: AfmFont['glyphWidths']): EncodedCache {
  let cache = encodedTables.get(glyphWidths);
  if (!cache) encodedTables.set(glyphWidths, (cache = { strings: new Map(), chars: 0 }));
  return cache;
}

function widthsOf(glyphWidths: AfmFont['glyphWidths']): Map<string, number> {
  let widths = widthTables.get(glyphWidths);
  if (!widths) widthTables.set(glyphWidths, (widths = new Map<string, number>()));
  return widths;
}

/**
 * pdfkit reads and parses a standard font's metrics (an AFM file of some 3,000 lines, most of
 * them kerning pairs) for every document that uses the font, and looks each kerning pair up by a
 * joined string: together about a quarter of a Preliminary report's render. Here a thread parses
 * each font once and keeps it, kerning is looked up in a table by glyph, and the width and the
 * glyphs of a string measured or drawn before (line wrapping measures every word; reports share
 * most of their words, labels and sentences) are remembered, and so is the number of lines a text
 * measured for its height took. The metrics and sums are the same numbers, so the PDF is byte for
 * byte the same. Applied once, from the first document's default font; if pdfkit's internals ever
 * change shape, nothing is patched and it works as before.
 */
export function keepStandardFontMetrics(doc: Doc): void {
  if (patched) return;
  patched = true;
  const standard = (doc as unknown as { _font?: Partial<StandardFont> })._font;
  const font = standard?.font;
  const proto = font && (Object.getPrototypeOf(font) as Partial<AfmFont>);
  const standardProto = standard && (Object.getPrototypeOf(standard) as Partial<StandardFont>);
  const parse = proto?.parse;
  const encode = standardProto?.encode;
  if (
    !proto ||
    !standardProto ||
    typeof parse !== 'function' ||
    typeof proto.getKernPair !== 'function' ||
    typeof proto.glyphsForString !== 'function' ||
    typeof proto.advancesForGlyphs !== 'function' ||
    typeof standardProto.widthOfString !== 'function' ||
    typeof encode !== 'function' ||
    typeof font.kernPairs !== 'object' ||
    typeof font.glyphWidths !== 'object'
  )
    return;
  const docProto = Object.getPrototypeOf(doc) as Partial<MeasuringDoc>;
  if (typeof docProto.heightOfString === 'function' && typeof docProto.currentLineHeight === 'function')
    keepTextLineCounts(docProto as MeasuringDoc);
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
  // As pdfkit's: the advances summed in order, then scaled.
  standardProto.widthOfString = function (this: StandardFont, text: unknown, size: number) {
    const string = `${String(text)}`;
    const widths = (this.font.widths ??= widthsOf(this.font.glyphWidths));
    let width = widths.get(string);
    if (width === undefined) {
      width = 0;
      for (const advance of this.font.advancesForGlyphs(this.font.glyphsForString(string))) width += advance;
      if (widths.size < MAX_WIDTHS) widths.set(string, width);
    }
    const scale = size / 1000;
    return width * scale;
  };
  // A line of text drawn before (a label, a heading, a line of a paragraph every report has) is
  // written from the glyphs and advances pdfkit gave for it then.
  standardProto.encode = function (this: StandardFont, text: string, features?: unknown) {
    const cache = (this.encodedCache ??= encodedOf(this.font.glyphWidths));
    const known = cache.strings.get(text);
    if (known) return known;
    const encoded = encode.call(this, text, features);
    if (typeof text === 'string' && cache.chars + text.length <= MAX_ENCODED_CHARS) {
      cache.strings.set(text, encoded);
      cache.chars += text.length;
    }
    return encoded;
  };
}
