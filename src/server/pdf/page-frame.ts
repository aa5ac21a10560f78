import { pdfText } from './format';
import { CONTENT_WIDTH, drawLogo, fitText, FONT, PAGE, type DrawContext } from './layout';

/** What the running header names: the kind of report and the home it is for. */
export interface FrameText {
  title: string;
  reportName: string;
}

/**
 * The running header (pages after the cover) and footer (every page), drawn once all pages
 * exist so the footer can say 'Page 2 of 6'. Needs the document's `bufferPages`.
 */
export function drawPageFrames(ctx: DrawContext, frame: FrameText): void {
  const { doc } = ctx;
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Text below the bottom margin would make pdfkit start a new page; the frame lives there.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (i > start) drawHeader(ctx, frame);
    drawFooter(ctx, i - start + 1, count);
    doc.page.margins.bottom = bottomMargin;
  }
}

function drawHeader(ctx: DrawContext, frame: FrameText): void {
  const { doc, theme, companyName } = ctx;
  doc.rect(0, 0, PAGE.width, 5).fill(theme.accent);
  const y = 24;
  const logoWidth = drawLogo(ctx, PAGE.margin, y, 120, 28);
  const rightWidth = CONTENT_WIDTH - (logoWidth || 170) - 20;
  if (!logoWidth) {
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(theme.brandInk)
      .text(fitText(doc, companyName, 170), PAGE.margin, y + 9, { lineBreak: false });
  }
  doc
    .font(FONT.bold)
    .fontSize(8)
    .fillColor(theme.ink)
    .text(frame.title, PAGE.width - PAGE.margin - rightWidth, y + 4, {
      width: rightWidth,
      align: 'right',
      lineBreak: false,
    });
  doc.font(FONT.regular).fontSize(8).fillColor(theme.muted);
  doc.text(fitText(doc, pdfText(frame.reportName), rightWidth), PAGE.width - PAGE.margin - rightWidth, y + 16, {
    width: rightWidth,
    align: 'right',
    lineBreak: false,
  });
  doc
    .moveTo(PAGE.margin, 60)
    .lineTo(PAGE.width - PAGE.margin, 60)
    .lineWidth(0.5)
    .strokeColor(theme.rule)
    .stroke();
}

function drawFooter(ctx: DrawContext, page: number, pages: number): void {
  const { doc, theme, companyName } = ctx;
  const y = PAGE.height - 44;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(theme.rule)
    .stroke();
  doc.font(FONT.regular).fontSize(8).fillColor(theme.muted);
  doc.text(fitText(doc, `Prepared by ${companyName}`, CONTENT_WIDTH - 80), PAGE.margin, y + 10, { lineBreak: false });
  doc.text(`Page ${page} of ${pages}`, PAGE.width - PAGE.margin - 80, y + 10, { width: 80, align: 'right', lineBreak: false });
}
