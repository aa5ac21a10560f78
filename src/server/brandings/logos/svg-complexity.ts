import { LogoError } from './logo-error';

/**
 * Drawn elements once every reference is followed. Ten <use>s of a group of ten <use>s, twelve
 * levels deep, is 150 elements in the file and a trillion on the page: librsvg gives up only
 * after seconds of a worker thread, which logins (argon2) share. Real logos stay in the hundreds.
 */
const MAX_EXPANDED = 100_000;
/** References of references deeper than this are no logo either (and would recurse without end). */
const MAX_CHAIN = 32;

interface Scope {
  elements: number;
  refs: string[];
}

export const TOO_COMPLEX = 'The SVG image is too complex to use as a logo.';

/**
 * Counts, while the sanitiser walks the tree, how many elements each id-ed subtree holds and
 * which ids it refers to (<use href>, url(#…) paints, clips, masks, filters, markers), then
 * estimates the drawn size from above: every reference costs its target's full expanded size.
 */
export class SvgComplexity {
  /** The root's scope, then that of each id-ed element the walk is inside. */
  private readonly scopes: Scope[] = [{ elements: 0, refs: [] }];
  /** Per open element: whether it opened a scope of its own. */
  private readonly opened: boolean[] = [];
  private readonly byId = new Map<string, Scope>();

  enter(id: string | undefined): void {
    for (const scope of this.scopes) scope.elements++;
    this.opened.push(id !== undefined);
    if (id !== undefined) {
      const scope = { elements: 0, refs: [] };
      this.byId.set(id, scope);
      this.scopes.push(scope);
    }
  }

  leave(): void {
    if (this.opened.pop()) this.scopes.pop();
  }

  /** Every internal reference of a value: an href's #id, or url(#id) in a paint, clip, mask, filter, marker or style. */
  references(value: string, isHref = false): void {
    const targets = isHref ? [value.trim().slice(1)] : [...value.matchAll(/url\(\s*['"]?#([A-Za-z_][\w.:-]*)/g)].map((m) => m[1]);
    for (const target of targets) for (const scope of this.scopes) scope.refs.push(target);
  }

  /** Refuses the file when following its references would draw too much. */
  check(): void {
    const memo = new Map<string, number>();
    const cost = (id: string, chain: number): number => {
      const known = memo.get(id);
      if (known !== undefined) return known;
      const scope = this.byId.get(id);
      if (!scope) return 0;
      // A reference back into itself (a cycle) or a very long chain: no logo is built so.
      if (chain > MAX_CHAIN) throw new LogoError(TOO_COMPLEX);
      memo.set(id, Infinity);
      let total = 1 + scope.elements;
      for (const ref of scope.refs) {
        total += cost(ref, chain + 1);
        if (total > MAX_EXPANDED) break;
      }
      memo.set(id, total);
      return total;
    };
    const root = this.scopes[0];
    let total = root.elements;
    for (const ref of root.refs) {
      total += cost(ref, 0);
      if (total > MAX_EXPANDED) throw new LogoError(TOO_COMPLEX);
    }
  }
}
