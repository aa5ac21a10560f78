import { pdfText } from './format';
import { accentBar, CONTENT_WIDTH, FONT, PAGE, startBlock, type ReportContext } from './layout';

/** The contact lines that are filled in: an assessor who gave no phone shows no empty 'Phone:'. */
export function assessorContactLines(assessor: { name: string; email: string; phone: string }): string[] {
  return [
    assessor.name ? pdfText(assessor.name) : '',
    assessor.phone ? `Phone: ${pdfText(assessor.phone)}` : '',
    assessor.email ? `Email: ${pdfText(assessor.email)}` : '',
  ].filter(Boolean);
}

/** The last thing in the report: who to call about it, from the assessor's My Account, kept whole. */
export function drawAssessorContact(ctx: ReportContext): void {
  const { doc, theme, input } = ctx;
  if (!input.assessor) return;
  const lines = assessorContactLines(input.assessor);
  if (!lines.length) return;
  const company = pdfText(input.branding.companyName);
  const height = 30 + lines.length * 14 + (company ? 14 : 0);
  const top = startBlock(ctx, height, 14);
  accentBar(ctx, top, height - 8);
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(theme.ink)
    .text('Your assessor', PAGE.margin + 14, top, { width: CONTENT_WIDTH - 14 });
  doc.font(FONT.regular).fontSize(10).fillColor(theme.ink);
  for (const line of [...lines, company].filter(Boolean)) doc.text(line, PAGE.margin + 14, doc.y + 3, { width: CONTENT_WIDTH - 14 });
  doc.x = PAGE.margin;
  doc.y = Math.max(doc.y, top + height - 8);
}
