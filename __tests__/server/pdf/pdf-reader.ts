import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

export interface ReadPdf {
  /** The text as `pdftotext -layout` lays it out: what a person reading the pages sees. */
  text: string;
  pages: string[];
}

/** Reads a PDF the way an owner's viewer would, through poppler's pdftotext. */
export function readPdf(pdf: Buffer): ReadPdf {
  const dir = mkdtempSync(join(tmpdir(), 'epcplus-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    // pdftotext ends every page with a form feed.
    const pages = text.split('\f').slice(0, -1);
    return { text, pages };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every fill and stroke colour the page content sets, as '#rrggbb' (content streams are deflated). */
export function coloursUsed(pdf: Buffer): Set<string> {
  const colours = new Set<string>();
  const source = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // an image or font stream that is not deflated content
    }
    for (const op of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:scn|SCN)/g)) {
      colours.add(
        `#${op
          .slice(1, 4)
          .map((v) =>
            Math.round(Number(v) * 255)
              .toString(16)
              .padStart(2, '0'),
          )
          .join('')}`,
      );
    }
  }
  return colours;
}

/** The lines of `text` that hold every one of `parts`: one table row, as a reader scans it. */
export const linesWith = (text: string, ...parts: string[]) => text.split('\n').filter((line) => parts.every((p) => line.includes(p)));
