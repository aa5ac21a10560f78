import { epcBand } from '../../shared/epc-bands';
import { mix, WHITE } from '../../shared/colour';
import { formatDate, formatSurveyDate, orDash, pdfText } from './format';
import { CONTENT_WIDTH, drawLogo, factGrid, FONT, PAGE, type DrawContext, type ReportContext } from './layout';
import { drawBandTile } from './band-chip';

export const PANEL_TOP = 150;
export const PANEL_HEIGHT = 230;

/**
 * The top of both reports' covers: the assessor's logo (or company name), then a full-width panel
 * in the brand colour with a lighter slant for depth, opening with the report's kind in small capitals.
 */
export function drawCoverBanner(ctx: DrawContext, kicker: string): void {
  const { doc, theme, companyName } = ctx;
  const left = PAGE.margin;
  if (drawLogo(ctx, left, 48, 200, 70) === 0) {
    doc.font(FONT.bold).fontSize(22).fillColor(theme.brandInk).text(companyName, left, 64, { width: CONTENT_WIDTH });
  }

  doc.rect(0, PANEL_TOP, PAGE.width, PANEL_HEIGHT).fill(theme.brand);
  doc
    .polygon(
      [PAGE.width * 0.62, PANEL_TOP],
      [PAGE.width, PANEL_TOP],
      [PAGE.width, PANEL_TOP + PANEL_HEIGHT],
      [PAGE.width * 0.42, PANEL_TOP + PANEL_HEIGHT],
    )
    .fill(mix(theme.brand, WHITE, 0.1));
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(theme.onBrand)
    .text(kicker, left, PANEL_TOP + 48, { characterSpacing: 0.8, lineBreak: false });
}

/** Which home the report is for, from `top` down; leaves the cursor under the address. */
export function drawCoverAddress(ctx: DrawContext & { input: { reportName: string } }, top: number): void {
  const { doc, theme } = ctx;
  const left = PAGE.margin;
  doc.font(FONT.regular).fontSize(8).fillColor(theme.muted).text('PROPERTY', left, top, { characterSpacing: 0.4 });
  const address = pdfText(ctx.input.reportName);
  // A long address steps down a size so the cover still fits one page.
  const size = doc.font(FONT.bold).fontSize(18).heightOfString(address, { width: CONTENT_WIDTH }) > 70 ? 13 : 18;
  doc
    .font(FONT.bold)
    .fontSize(size)
    .fillColor(theme.ink)
    .text(address, left, top + 13, { width: CONTENT_WIDTH, lineGap: 1 });
}

/** The small print at the foot of the cover, or `gap` under the facts where they reach lower. */
export function drawCoverNote(ctx: DrawContext, note: string, gap: number): void {
  const { doc, theme } = ctx;
  doc.font(FONT.regular).fontSize(8).fillColor(theme.muted);
  const noteY = Math.max(doc.y + gap, PAGE.height - PAGE.bottom - doc.heightOfString(note, { width: CONTENT_WIDTH }) - 4);
  doc.text(note, PAGE.margin, noteY, { width: CONTENT_WIDTH, lineGap: 1 });
}

/** Page 1: who it is from, what it is, which home, and where the home stands today. */
export function drawCover(ctx: ReportContext): void {
  const { doc, theme, input, companyName } = ctx;
  const left = PAGE.margin;

  drawCoverBanner(ctx, 'PRELIMINARY REPORT');
  doc
    .font(FONT.bold)
    .fontSize(34)
    .fillColor(theme.onBrand)
    .text('Property Improvement Report', left, PANEL_TOP + 70, { width: 380, lineGap: -2 });
  doc
    .font(FONT.regular)
    .fontSize(11.5)
    .fillColor(theme.onBrand)
    .text('How the energy efficiency of your home could be improved, step by step.', left, doc.y + 12, { width: 380 });

  drawCoverAddress(ctx, PANEL_TOP + PANEL_HEIGHT + 34);
  const y = doc.y + 22;

  const { energyRating } = input.survey;
  drawBandTile(ctx, left, y, 'Current energy rating', energyRating.current, epcBand(energyRating.current));
  drawBandTile(ctx, left + 170, y, 'Potential energy rating', energyRating.potential, epcBand(energyRating.potential));
  doc.y = y + 70;

  doc.x = left;
  factGrid(ctx, [
    ['Date of report', formatDate(input.createdAt)],
    ['Prepared by', companyName],
    ['Survey date', formatSurveyDate(input.survey.inspectionDate)],
    ['Energy assessor', orDash(input.survey.assessorName)],
  ]);

  drawCoverNote(
    ctx,
    'This Preliminary Report is based on the energy survey of your home lodged on the EPC register. ' +
      'Costs are indicative and ratings are estimates; a Premium Report adds a plan tailored to your goals.',
    10,
  );
}
