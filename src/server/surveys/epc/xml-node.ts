/**
 * Reading the parsed tree. fast-xml-parser gives an element as a string (text only), an object
 * (children), or an array of either when it repeats; these helpers hide that so the readers
 * can say what they mean: the first X, every X, the text of X.
 */

export type XmlValue = string | XmlNode | XmlValue[];
export interface XmlNode {
  [name: string]: XmlValue;
}

/**
 * Ends a text value that was longer than the reader keeps (xml-safety.ts MAX_XML_TEXT): shown, it
 * says the text goes on; read as a number, it is not one, so the first 2,000 digits of a longer
 * value are never taken for the value.
 */
export const CUT_MARK = '…';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The five predefined entities and numeric character references ("&#163;" is '£'). Nothing
 * else can be referenced: the file had no DOCTYPE, so it declares no entities.
 */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref];
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const asNode = (value: XmlValue | undefined): XmlNode | undefined =>
  value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : undefined;

/** Every occurrence of `name` under `node`, in document order. */
export function all(node: XmlNode | undefined, name: string): XmlValue[] {
  const value = node?.[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The element at the end of a path of names, taking the first occurrence at every step. */
export function child(node: XmlNode | undefined, ...path: string[]): XmlValue | undefined {
  let current: XmlValue | undefined = node;
  for (const name of path) {
    const here = asNode(Array.isArray(current) ? current[0] : current);
    if (!here) return undefined;
    current = here[name];
  }
  return Array.isArray(current) ? current[0] : current;
}

export const childNode = (node: XmlNode | undefined, ...path: string[]) => asNode(child(node, ...path));
export const nodes = (node: XmlNode | undefined, name: string) =>
  all(node, name)
    .map(asNode)
    .filter((n): n is XmlNode => n !== undefined);

/** An element's own text ('' when it has none or is absent). */
export function textOf(value: XmlValue | undefined): string {
  if (typeof value === 'string') return value;
  const node = asNode(Array.isArray(value) ? value[0] : value);
  const own = node?.['#text'];
  return typeof own === 'string' ? own : '';
}

/** The trimmed text at a path, or null when absent or blank. */
export function text(node: XmlNode | undefined, ...path: string[]): string | null {
  const value = textOf(child(node, ...path)).trim();
  return value === '' ? null : value;
}

/** A decimal number at a path, or null when absent or not a number (never a guess). */
export function num(node: XmlNode | undefined, ...path: string[]): number | null {
  const value = text(node, ...path)?.replace(/,/g, '');
  return value !== undefined && value !== null && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null;
}

/** The first element named `name` anywhere below `node`, breadth first (the shallowest wins). */
export function findFirst(node: XmlNode, name: string): XmlValue | undefined {
  let level: XmlNode[] = [node];
  while (level.length > 0) {
    const next: XmlNode[] = [];
    for (const here of level) {
      if (here[name] !== undefined) return all(here, name)[0];
      for (const key of Object.keys(here)) for (const item of all(here, key)) if (asNode(item)) next.push(item as XmlNode);
    }
    level = next;
  }
  return undefined;
}

/** Every text value of elements named `name` anywhere below `node`, with the path that led there. */
export function findAllText(node: XmlNode, name: string, path: string[] = []): { path: string[]; value: string }[] {
  const found: { path: string[]; value: string }[] = [];
  for (const key of Object.keys(node)) {
    for (const item of all(node, key)) {
      if (key === name) {
        const value = textOf(item).trim();
        if (value) found.push({ path: [...path, key], value });
      }
      const sub = asNode(item);
      if (sub) found.push(...findAllText(sub, name, [...path, key]));
    }
  }
  return found;
}
