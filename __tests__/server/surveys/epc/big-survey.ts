import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIXTURE_DIR } from './fixture-files';

/** Real Elmhurst output (anonymised) with 9 consistent improvements: the base of the big files. */
const BASE = 'RdSAP-Schema-S-18.0__epc.xml';

export const MiB = 1024 * 1024;

/**
 * A valid lodgement of exactly `bytes` bytes: the base file with `extraImprovements` more
 * suggested improvements (copies of its first), padded up to size with either blank lines
 * (as an editor or careless export would) or an embedded base64 PDF element (SAP lodgements
 * may carry the certificate PDF).
 */
export function bigSurvey(bytes: number, extraImprovements: number, padding: 'whitespace' | 'pdf'): Buffer {
  const base = readFileSync(resolve(FIXTURE_DIR, BASE), 'utf8');
  const first = /<Improvement>[\s\S]*?<\/Improvement>/.exec(base)![0];
  const copies = Array.from({ length: extraImprovements }, (_, i) => first.replace(/<Sequence>\d+</, `<Sequence>${10 + i}<`)).join('\n');
  const body = base.replace('</Suggested-Improvements>', `${copies}\n</Suggested-Improvements>`);
  const room = bytes - Buffer.byteLength(body);
  const pad =
    padding === 'whitespace'
      ? `${'                                                               \n'.repeat(Math.floor(room / 64))}${' '.repeat(room % 64)}`
      : `<PDF>${'A'.repeat(room - '<PDF></PDF>'.length)}</PDF>`;
  const xml = body.replace('</RdSAP-Report>', `${pad}</RdSAP-Report>`);
  return Buffer.from(xml, 'utf8');
}
