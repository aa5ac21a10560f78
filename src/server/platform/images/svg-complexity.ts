import { LogoError } from './logo-error';

/**
 * Drawn elements once every reference is followed. Ten <use>s of a group of ten <use>s, twelve
 * levels deep, is 150 elements in the file and a trillion on the page: librsvg gives up only
 * after seconds of a worker thread, which logins (argon2) share. Real logos stay in the hundreds.
 */
const MAX_EXPANDED = 100_000;
/** References of references deeper than this are no logo either (and would recurse without end). */
const MAX_CHAIN = 32;

/**
 * Characters of text drawn once every reference is followed. librsvg (through Pango) lays out a
 * text element in time that grows with the square of its length: 10 000 characters took 8 to 44
 * seconds, and a 200-character text drawn 1 000 times through <use> took 10. A logo's text is a
 * company name and perhaps a strapline, well under a few hundred characters in all; one whose
 * lettering runs longer can convert its text to outlines (paths), as print logos usually are.
 */
const MAX_TEXT_DRAWN = 1_000;

interface Scope {
  elements: number;
  /** Characters of text inside it (see SvgTextBudget), before references are followed. */
  text: number;
  refs: string[];
}

interface Expanded {
  elements: number;
  text: number;
}

export const TOO_COMPLEX = 'The SVG image is too complex to use as a logo.';
const TOO_MUCH_TEXT_DRAWN =
  `The SVG logo has too much text: at most ${MAX_TEXT_DRAWN.toLocaleString('en-GB')} characters may be drawn in all ` +
  '(text repeated through <use> counts each time). Please shorten it, or convert the text to outlines (paths), and upload it again.';

/**
 * Counts, while the sanitiser walks the tree, how many elements each id-ed subtree holds and
 * which ids it refers to (<use href>, url(#…) paints, clips, masks, filters, markers), then
 * estimates the drawn size from above: every reference costs its target's full expanded size.
 */
export class SvgComplexity {
  /** The root's scope, then that of each id-ed element the walk is inside. */
  private readonly scopes: Scope[] = [{ elements: 0, text: 0, refs: [] }];
  /** Per open element: whether it opened a scope of its own. */
  private readonly opened: boolean[] = [];
  private readonly byId = new Map<string, Scope>();

  enter(id: string | undefined): void {
    for (const scope of this.scopes) scope.elements++;
    this.opened.push(id !== undefined);
    if (id !== undefined) {
      const scope = { elements: 0, text: 0, refs: [] };
      this.byId.set(id, scope);
      this.scopes.push(scope);
    }
  }

  leave(): void {
    if (this.opened.pop()) this.scopes.pop();
  }

  /** Characters of text inside every scope open. */
  text(characters: number): void {
    for (const scope of this.scopes) scope.text += characters;
    // Too much already as written: refused without reading the rest.
    if (this.scopes[0].text > MAX_TEXT_DRAWN) throw new LogoError(TOO_MUCH_TEXT_DRAWN);
  }

  /** Every internal reference of a value: an href's #id, or url(#id) in a paint, clip, mask, filter, marker or style. */
  references(value: string, isHref = false): void {
    const targets = isHref ? [value.trim().slice(1)] : [...value.matchAll(/url\(\s*['"]?#([A-Za-z_][\w.:-]*)/g)].map((m) => m[1]);
    for (const target of targets) for (const scope of this.scopes) scope.refs.push(target);
  }

  /** Refuses the file when following its references would draw too much, or too much text. */
  check(): void {
    const memo = new Map<string, Expanded>();
    const cost = (id: string, chain: number): Expanded => {
      const known = memo.get(id);
      if (known !== undefined) return known;
      const scope = this.byId.get(id);
      if (!scope) return { elements: 0, text: 0 };
      // A reference back into itself (a cycle) or a very long chain: no logo is built so.
      if (chain > MAX_CHAIN) throw new LogoError(TOO_COMPLEX);
      memo.set(id, { elements: Infinity, text: Infinity });
      const total = { elements: 1 + scope.elements, text: scope.text };
      for (const ref of scope.refs) {
        const inner = cost(ref, chain + 1);
        total.elements += inner.elements;
        total.text += inner.text;
        if (total.elements > MAX_EXPANDED || total.text > MAX_TEXT_DRAWN) break;
      }
      memo.set(id, total);
      return total;
    };
    const root = this.scopes[0];
    const total = { elements: root.elements, text: root.text };
    for (const ref of root.refs) {
      const inner = cost(ref, 0);
      total.elements += inner.elements;
      total.text += inner.text;
      if (total.elements > MAX_EXPANDED) throw new LogoError(TOO_COMPLEX);
      if (total.text > MAX_TEXT_DRAWN) throw new LogoError(TOO_MUCH_TEXT_DRAWN);
    }
    if (total.text > MAX_TEXT_DRAWN) throw new LogoError(TOO_MUCH_TEXT_DRAWN);
  }
}
