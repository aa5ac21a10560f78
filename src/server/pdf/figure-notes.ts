import type { Survey } from '../surveys/epc/survey';
import { pdfText } from './format';
import { CONTENT_WIDTH, FONT, paragraph, startBlock, type DrawContext } from './layout';

/**
 * Where the survey disagrees with itself, what the report took instead (reconcile.ts), said once
 * under the figures it concerns, so an owner comparing the report with their certificate sees why.
 */
export function drawFigureNotes(ctx: DrawContext, survey: Pick<Survey, 'figureNotes'>): void {
  const notes = (survey.figureNotes ?? []).map(pdfText).filter(Boolean);
  if (notes.length === 0) return;
  const { doc, theme } = ctx;
  const title = 'A note on the survey’s figures';
  const height =
    doc.font(FONT.bold).fontSize(9).heightOfString(title, { width: CONTENT_WIDTH }) +
    notes.reduce((sum, n) => sum + doc.font(FONT.regular).fontSize(8.5).heightOfString(n, { width: CONTENT_WIDTH }) + 3, 0) +
    14;
  startBlock(ctx, height, 8);
  doc.font(FONT.bold).fontSize(9).fillColor(theme.ink).text(title, { width: CONTENT_WIDTH });
  doc.y += 2;
  for (const note of notes) paragraph(ctx, note, { size: 8.5, colour: theme.muted, gapAfter: 3 });
}
