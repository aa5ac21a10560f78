import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { LogoError } from './logo-error';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_ELEMENTS,
  FORBIDDEN_IN_VALUES,
  INTERNAL_HREF_ELEMENTS,
  isInternalHref,
  RENAMED_ELEMENTS,
  REPORTED_ELEMENTS,
  urlsAreInternal,
} from './svg-allow-list';
import { SvgComplexity, TOO_COMPLEX } from './svg-complexity';
import { fitRootToBox } from './svg-size';
import { SvgTextBudget } from './svg-text';
import { decodeXmlText, escapeXmlAttribute, escapeXmlText } from './xml-text';

export interface SanitisedSvg {
  /** Well-formed SVG holding only allowed elements and attributes, sized to fit LOGO_BOX. */
  svg: string;
  width: number;
  height: number;
  /** What was taken out that the uploader should know of: '<script>', 'onload', 'a link to http://…'. */
  removed: string[];
}

/** A logo has no use for more; beyond it the file is refused rather than half drawn. */
const MAX_ELEMENTS = 20_000;
const MAX_DEPTH = 64;
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

type ParsedNode = Record<string, unknown>;
const notValid = (why: string) => new LogoError(`The file is not a valid SVG image: ${why}`);

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities stay as written: decodeXmlText expands the predefined ones and refuses the rest.
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  // Processing instructions (<?xml-stylesheet href=…?>) are references too: dropped unread.
  ignorePiTags: true,
  cdataPropName: '#cdata',
});

/** A DOCTYPE naming the SVG DTD is dropped (nothing fetches it); one with an internal subset can define entities and is refused. */
function withoutDoctype(text: string): string {
  if (/<!ENTITY/i.test(text)) throw notValid('it declares entities (<!ENTITY>), which logos may not use.');
  const doctypes = text.match(/<!DOCTYPE/gi)?.length ?? 0;
  if (doctypes === 0) return text;
  const plain = /<!DOCTYPE[^>[]*>/i;
  if (doctypes > 1 || !plain.test(text)) throw notValid('its document type declaration (<!DOCTYPE … [ … ]>) is not allowed in logos.');
  return text.replace(plain, '');
}

class Sanitiser {
  readonly removed = new Set<string>();
  readonly complexity = new SvgComplexity();
  readonly text = new SvgTextBudget(this.complexity);
  private elements = 0;

  element(name: string, node: ParsedNode, depth: number): string {
    if (++this.elements > MAX_ELEMENTS || depth > MAX_DEPTH) throw new LogoError(TOO_COMPLEX);
    const attrs = this.attributes(name, (node[':@'] ?? {}) as Record<string, string>);
    const children = node[name] as ParsedNode[];
    this.complexity.enter(attrs.get('id'));
    this.text.enter(name);
    const inner = name === 'style' ? this.css(children) : this.children(children, depth);
    this.text.leave(name);
    this.complexity.leave();
    return this.tag(name, attrs, inner);
  }

  tag(name: string, attrs: Map<string, string>, inner: string): string {
    const list = [...attrs].map(([k, v]) => ` ${k}="${escapeXmlAttribute(v)}"`).join('');
    return inner ? `<${name}${list}>${inner}</${name}>` : `<${name}${list}/>`;
  }

  children(nodes: ParsedNode[], depth: number): string {
    let out = '';
    for (const node of nodes) {
      if ('#text' in node) {
        out += escapeXmlText(this.text.keep(decodeXmlText(String(node['#text']))));
        continue;
      }
      if ('#cdata' in node) {
        out += escapeXmlText(this.text.keep(cdataText(node)));
        continue;
      }
      const raw = Object.keys(node).find((k) => k !== ':@')!;
      const name = RENAMED_ELEMENTS[raw] ?? raw;
      if (ALLOWED_ELEMENTS.has(name)) out += this.element(name, raw === name ? node : { [name]: node[raw], ':@': node[':@'] }, depth + 1);
      else if (REPORTED_ELEMENTS.has(raw)) this.removed.add(`<${raw}>`);
    }
    return out;
  }

  attributes(element: string, raw: Record<string, string>): Map<string, string> {
    const kept = new Map<string, string>();
    for (const [name, rawValue] of Object.entries(raw)) {
      const value = decodeXmlText(String(rawValue));
      if (/^on/i.test(name)) {
        this.removed.add(name.toLowerCase());
      } else if (name === 'href' || name === 'xlink:href') {
        if (INTERNAL_HREF_ELEMENTS.has(element) && isInternalHref(value)) kept.set(name, value.trim());
        else if (!isInternalHref(value)) this.removed.add(`a link to ${value.trim().slice(0, 40) || '(blank)'}`);
      } else if (name === 'style') {
        const css = this.declarations(value);
        if (css) kept.set(name, css);
      } else if (ALLOWED_ATTRIBUTES.has(name)) {
        if (FORBIDDEN_IN_VALUES.test(value) || !urlsAreInternal(value)) this.removed.add(`a reference in ${name}="${value.slice(0, 40)}"`);
        else kept.set(name, value);
      }
      // Anything else (namespaces, editors' attributes) goes without a word.
    }
    for (const [name, value] of kept) this.complexity.references(value, name === 'href' || name === 'xlink:href');
    return kept;
  }

  /** A style attribute keeps its safe declarations one by one. */
  declarations(css: string): string {
    return css
      .split(';')
      .map((d) => d.trim())
      .filter((d) => {
        if (!d) return false;
        const ok = /^-?[a-z][a-z-]*\s*:/i.test(d) && !FORBIDDEN_IN_VALUES.test(d) && urlsAreInternal(d);
        if (!ok) this.removed.add(`a reference in style "${d.slice(0, 40)}"`);
        return ok;
      })
      .join(';');
  }

  /** A <style> element is kept whole or not at all: a stylesheet cut in pieces may change meaning. */
  css(nodes: ParsedNode[]): string {
    const text = nodes.map((n) => ('#cdata' in n ? cdataText(n) : '#text' in n ? decodeXmlText(String(n['#text'])) : '')).join('');
    if (FORBIDDEN_IN_VALUES.test(text) || !urlsAreInternal(text) || text.includes('<')) {
      this.removed.add('a <style> sheet with external references');
      return '';
    }
    this.complexity.references(text);
    return escapeXmlText(text);
  }
}

/** A parsed text value: the parser gives strings, or numbers for numeric-looking text. */
const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function cdataText(node: ParsedNode): string {
  return (node['#cdata'] as ParsedNode[]).map((t) => textOf(t['#text'])).join('');
}

/**
 * Makes an uploaded SVG safe to hand to librsvg: parsed without expanding entities, then rebuilt
 * from an allow-list of static drawing elements and attributes, with references kept only when
 * they point inside the file. No script, event handler, foreign content, external or data: link,
 * stylesheet import, processing instruction or DOCTYPE survives. The result is rasterised, never
 * served as SVG.
 */
export function sanitiseSvg(data: Buffer): SanitisedSvg {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw notValid('it is not UTF-8 text.');
  }
  text = withoutDoctype(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw notValid(`${valid.err.msg} (line ${valid.err.line}).`);
  let parsed: ParsedNode[];
  try {
    parsed = parser.parse(text) as ParsedNode[];
  } catch (err) {
    // The parser refuses what the validator let by (nesting beyond its limit, __proto__ as a name).
    throw notValid(`${(err as Error).message.replace(/\.?$/, '.')}`);
  }
  const top = parsed.filter((n) => !('#text' in n && !String(n['#text']).trim()));
  const root = top[0];
  if (top.length !== 1 || '#text' in root || '#cdata' in root) throw notValid('it must hold exactly one root element.');
  const rootName = Object.keys(root).find((k) => k !== ':@');
  if (rootName !== 'svg') throw notValid(`its root element is <${rootName}>, not <svg>.`);

  const s = new Sanitiser();
  const attrs = s.attributes('svg', (root[':@'] ?? {}) as Record<string, string>);
  const { width, height } = fitRootToBox(attrs);
  const inner = s.children(root.svg as ParsedNode[], 0);
  s.complexity.check();
  const rootAttrs = new Map([['xmlns', SVG_NS], ['xmlns:xlink', XLINK_NS], ...attrs]);
  return { svg: s.tag('svg', rootAttrs, inner), width, height, removed: [...s.removed] };
}
