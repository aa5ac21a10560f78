import { pdfText } from '../format';
import { CONTENT_BOTTOM, CONTENT_WIDTH, FONT, PAGE, sectionHeading } from '../layout';
import type { PremiumContext } from './premium-context';

const SIZE = 10;
const INDENT = 16;
const LINE_GAP = 2;

/** The remarks as typed, one line to a line, so a signature or a list keeps its shape. */
function remarkLines(remarks: string): string[] {
  const lines = remarks.split('\n').map((line) => pdfText(line.replace(/\t/g, '    ')));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return lines;
}

/**
 * The assessor's remarks, verbatim: a line longer than the page wraps, and the remarks may run
 * over a page break between lines, each part marked by the brand's bar.
 */
export function drawRemarks(ctx: PremiumContext): void {
  const { doc, theme, input } = ctx;
  const lines = remarkLines(input.remarks);
  if (lines.length === 0) return;
  const width = CONTENT_WIDTH - INDENT;
  doc.font(FONT.regular).fontSize(SIZE);
  const heights = lines.map((line) => doc.heightOfString(line || ' ', { width, lineGap: LINE_GAP }));
  const who = [pdfText(input.assessor.name), ctx.companyName].filter(Boolean).join(', ');
  // The heading keeps at least three lines (or all of them) with it.
  sectionHeading(ctx, "Your assessor's remarks", undefined, heights.slice(0, 3).reduce((a, b) => a + b, 0) + 10);

  let partTop = doc.y;
  const closePart = () => {
    doc.rect(PAGE.margin, partTop, 3, doc.y - partTop).fill(theme.accent);
  };
  lines.forEach((line, i) => {
    // The last line keeps the signature with it.
    const need = heights[i] + (i === lines.length - 1 ? 26 : 0);
    if (doc.y + need > CONTENT_BOTTOM) {
      closePart();
      doc.addPage();
      partTop = doc.y;
    }
    doc
      .font(FONT.regular)
      .fontSize(SIZE)
      .fillColor(theme.ink)
      .text(line || ' ', PAGE.margin + INDENT, doc.y, { width, lineGap: LINE_GAP });
  });
  closePart();
  if (who) {
    doc
      .font(FONT.italic)
      .fontSize(9.5)
      .fillColor(theme.muted)
      .text(`— ${who}`, PAGE.margin + INDENT, doc.y + 8, { width });
  }
  doc.x = PAGE.margin;
  doc.y += 6;
}
