import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SurveyError } from './survey';
import { SURVEY_MESSAGES } from './survey-messages';
import { compactXml, restoreRun, type CompactXml } from './xml-compact';
import { CUT_MARK, decodeXmlText, type XmlNode, type XmlValue } from './xml-node';
import { MAX_XML_DEPTH, MAX_XML_TEXT, safeXmlText } from './xml-safety';
import { withoutControlCharacters } from '../../platform/security/control-characters';

export interface XmlDocument {
  /** The root element's local name, without any prefix. */
  root: string;
  /** The root element's namespace URI, or null when it has none (register-redacted files). */
  namespace: string | null;
  /** The root element's content: element names without namespace prefixes, text values as strings. */
  tree: XmlNode;
}

/**
 * Defensive settings, each on purpose: no entity processing at all (DOCTYPE is refused earlier,
 * and the five predefined entities are decoded by us in the values we read), no number
 * parsing (a value like "0000000001" or "1e5" is read by us as the schema means it), no
 * attributes (nothing we read is in one), and a nesting limit as a second line behind ours.
 */
const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_XML_DEPTH,
  // Callbacks are not used; a matcher instead of jPath strings saves building a string per tag.
  jPath: false,
});

/** Element names in every EPC schema are under 60 characters; namespaces and schema locations make a root tag a few hundred. */
const MAX_NAME = 200;
const MAX_START_TAG = 10_000;

/** The root's qualified name and namespace, read from its start tag after any declaration or comment. */
function rootStartTag(text: string): { name: string; namespace: string | null } {
  let i = 0;
  for (;;) {
    while (/\s/.test(text[i] ?? '')) i++;
    if (text.startsWith('<?', i)) i = text.indexOf('?>', i) + 2;
    else if (text.startsWith('<!--', i)) i = text.indexOf('-->', i) + 3;
    else break;
  }
  // Scanned, not matched: a pattern over a start tag 100 000 characters long once took seconds.
  const close = text.indexOf('>', i);
  if (text[i] !== '<' || close < 0 || close - i > MAX_START_TAG) throw new SurveyError(SURVEY_MESSAGES.notXml);
  const tag = text.slice(i + 1, close);
  const nameEnd = tag.search(/[\s/]/);
  const qualified = nameEnd < 0 ? tag : tag.slice(0, nameEnd);
  if (!qualified || qualified.length > MAX_NAME) throw new SurveyError(SURVEY_MESSAGES.notXml);
  const colon = qualified.indexOf(':');
  const prefix = colon < 0 ? '' : qualified.slice(0, colon);
  const local = colon < 0 ? qualified : qualified.slice(colon + 1);
  return { name: local, namespace: attributeValue(tag, prefix ? `xmlns:${prefix}` : 'xmlns') };
}

/** The value of one attribute in a start tag's text, or null; a linear scan of name="value" pairs. */
function attributeValue(tag: string, attribute: string): string | null {
  let from = 0;
  for (;;) {
    const at = tag.indexOf(attribute, from);
    if (at < 0) return null;
    from = at + attribute.length;
    if (!/\s/.test(tag[at - 1] ?? '')) continue;
    let j = from;
    while (/\s/.test(tag[j] ?? '')) j++;
    if (tag[j] !== '=') continue;
    j++;
    while (/\s/.test(tag[j] ?? '')) j++;
    const quote = tag[j];
    if (quote !== '"' && quote !== "'") continue;
    const end = tag.indexOf(quote, j + 1);
    if (end < 0) return null;
    return tag.slice(j + 1, end).trim() || null;
  }
}

/**
 * One text value as the tree keeps it: lifted runs put back, cut to size, trimmed, entities
 * decoded, and without control, bidirectional-override and noncharacter characters
 * (security/control-characters.ts), whether written raw or as a character reference (&#x1B;,
 * &#x202E;). Those are stripped, not refused: the assessor cannot change a lodged certificate,
 * and none of them is part of what the register holds for a value. A value cut to size keeps a
 * mark so that a number is not read from its first 2,000 characters (xml-node.ts).
 */
function restoredText(value: string, compact: CompactXml): string {
  const whole = restoreRun(value, compact).trim();
  const kept = withoutControlCharacters(decodeXmlText(whole.slice(0, MAX_XML_TEXT))).trim();
  return whole.length > MAX_XML_TEXT ? `${kept}${CUT_MARK}` : kept;
}

/**
 * Puts lifted text back and decodes entity references, in place, over the whole tree: one loop
 * over a stack of the objects and lists still to visit. Written as recursion with a callback per
 * item, it cost V8's optimising compiler 60 to 95 ms of a core on each render thread, was thrown
 * away at the next element of another shape and compiled again while the first reports were
 * being read (--trace-opt); this form compiles in 15 to 17 ms, once.
 */
function restoreValues(tree: XmlNode, compact: CompactXml): void {
  const pending: (XmlNode | XmlValue[])[] = [tree];
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const item = container[i];
        if (typeof item === 'string') container[i] = restoredText(item, compact);
        else if (item && typeof item === 'object') pending.push(item);
      }
    } else {
      for (const key of Object.keys(container)) {
        const value = container[key];
        if (typeof value === 'string') container[key] = restoredText(value, compact);
        else if (value && typeof value === 'object') pending.push(value);
      }
    }
  }
}

/**
 * Any uploaded XML to a tree, or a SurveyError saying plainly what is wrong with the file.
 * Order matters: cheap refusals first, the well-formedness check on the text as uploaded, and
 * only then the tree.
 */
export function readXml(input: Buffer | string): XmlDocument {
  const text = safeXmlText(input);
  const compact = compactXml(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new SurveyError(SURVEY_MESSAGES.malformed(`line ${valid.err.line}: ${valid.err.msg}`));
  const { name, namespace } = rootStartTag(text);
  let parsed: XmlNode;
  try {
    parsed = parser.parse(compact.xml) as XmlNode;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new SurveyError(SURVEY_MESSAGES.malformed(detail));
  }
  const root = parsed[name];
  const tree: XmlNode = root && typeof root === 'object' && !Array.isArray(root) ? root : {};
  restoreValues(tree, compact);
  return { root: name, namespace, tree };
}
