import { epcBand } from '../../shared/epc-bands';
import { mix, WHITE } from '../../shared/colour';
import { formatDate, formatSurveyDate, orDash, pdfText } from './format';
import { CONTENT_WIDTH, drawLogo, factGrid, FONT, PAGE, type DrawContext, type ReportContext } from './layout';
import { drawBandTile } from './band-chip';

export const PANEL_TOP = 150;
export const PANEL_HEIGHT = 230;

/** The top of both reports' covers: the assessor's logo (or company name), then a full-width panel in the brand colour with a lighter slant for depth. */
export function drawCoverBanner(ctx: DrawContext): void {
  const { doc, theme, companyName } = ctx;
  const left = PAGE.margin;
  if (drawLogo(ctx, left, 48, 200, 70) === 0) {
    doc.font(FONT.bold).fontSize(22).fillColor(theme.brandInk).text(companyName, left, 64, { width: CONTENT_WIDTH });
  }

  // A full-width panel in the brand colour, with a lighter slant for depth.
  doc.rect(0, PANEL_TOP, PAGE.width, PANEL_HEIGHT).fill(theme.brand);
  doc
    .polygon(
      [PAGE.width * 0.62, PANEL_TOP],
      [PAGE.width, PANEL_TOP],
      [PAGE.width, PANEL_TOP + PANEL_HEIGHT],
      [PAGE.width * 0.42, PANEL_TOP + PANEL_HEIGHT],
    )
    .fill(mix(theme.brand, WHITE, 0.1));
}

/** Page 1: who it is from, what it is, which home, and where the home stands today. */
export function drawCover(ctx: ReportContext): void {
  const { doc, theme, input, companyName } = ctx;
  const left = PAGE.margin;

  drawCoverBanner(ctx);
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(theme.onBrand)
    .text('PRELIMINARY REPORT', left, PANEL_TOP + 48, { characterSpacing: 0.8, lineBreak: false });
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

  let y = PANEL_TOP + PANEL_HEIGHT + 34;
  doc.font(FONT.regular).fontSize(8).fillColor(theme.muted).text('PROPERTY', left, y, { characterSpacing: 0.4 });
  const address = pdfText(input.reportName);
  // A long address steps down a size so the cover still fits one page.
  const size = doc.font(FONT.bold).fontSize(18).heightOfString(address, { width: CONTENT_WIDTH }) > 70 ? 13 : 18;
  doc
    .font(FONT.bold)
    .fontSize(size)
    .fillColor(theme.ink)
    .text(address, left, y + 13, { width: CONTENT_WIDTH, lineGap: 1 });
  y = doc.y + 22;

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

  const note =
    'This Preliminary Report is based on the energy survey of your home lodged on the EPC register. ' +
    'Costs are indicative and ratings are estimates; a Premium Report adds a plan tailored to your goals.';
  doc.font(FONT.regular).fontSize(8).fillColor(theme.muted);
  const noteY = Math.max(doc.y + 10, PAGE.height - PAGE.bottom - doc.heightOfString(note, { width: CONTENT_WIDTH }) - 4);
  doc.text(note, left, noteY, { width: CONTENT_WIDTH, lineGap: 1 });
}
