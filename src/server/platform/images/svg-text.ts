import { LogoError } from './logo-error';
import type { SvgComplexity } from './svg-complexity';

/**
 * Characters in one text element (a <text> with its <tspan>s and <textPath>s, or a <title> or
 * <desc>). A company name or a strapline is a few dozen; Pango's layout of one element grows with
 * the square of its length (2 000 characters: 0.4 s, 10 000: 8 s or more, 30 000: minutes).
 * The whole file's text, repeats included, is bounded in SvgComplexity (MAX_TEXT_DRAWN).
 */
const MAX_TEXT_PER_ELEMENT = 200;

/** Elements whose character data is laid out as text (title and desc are not drawn, but are text all the same). */
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath', 'title', 'desc']);

const TOO_MUCH_TEXT_IN_ELEMENT =
  `The SVG logo has too much text: at most ${MAX_TEXT_PER_ELEMENT} characters in one text element. ` +
  'Please shorten it, or convert the text to outlines (paths), and upload it again.';

/**
 * Counts the text the sanitiser keeps, per text element and (through SvgComplexity, which follows
 * <use>) in all. Whitespace between the children of a text element (a file's indentation) is kept
 * as a single space: what librsvg draws for it by default, and no more than was counted.
 */
export class SvgTextBudget {
  /** Text elements open around the current node: the outermost one is what its characters count towards. */
  private depth = 0;
  private inElement = 0;

  constructor(private readonly complexity: SvgComplexity) {}

  enter(element: string): void {
    if (!TEXT_ELEMENTS.has(element)) return;
    if (this.depth++ === 0) this.inElement = 0;
  }

  leave(element: string): void {
    if (TEXT_ELEMENTS.has(element)) this.depth--;
  }

  /** The character data to keep, counted; refuses the file past the limit. */
  keep(text: string): string {
    if (this.depth === 0) return text;
    const kept = /^\s+$/.test(text) ? ' ' : text;
    // UTF-16 units: a character beyond the BMP (an emoji) counts twice, on the safe side.
    this.inElement += kept.length;
    if (this.inElement > MAX_TEXT_PER_ELEMENT) throw new LogoError(TOO_MUCH_TEXT_IN_ELEMENT);
    this.complexity.text(kept.length);
    return kept;
  }
}
