import { epcBand } from '../../../shared/epc-bands';
import { asBand, drawBandTile } from '../band-chip';
import { formatDate, formatSurveyDate, orDash, pdfText } from '../format';
import { CONTENT_WIDTH, factGrid, fitText, FONT, PAGE } from '../layout';
import { ENVIRONMENTAL_COLOURS } from '../rating-chart-model';
import { drawCoverAddress, drawCoverBanner, drawCoverNote, PANEL_HEIGHT, PANEL_TOP } from '../cover';
import type { PremiumContext } from './premium-context';

/** Page 1: whose report it is, which home, where it stands and where the leading plan takes it. */
export function drawPremiumCover(ctx: PremiumContext): void {
  const { doc, theme, input, companyName } = ctx;
  const left = PAGE.margin;

  drawCoverBanner(ctx, 'PROPERTY IMPROVEMENT REPORT');
  doc
    .font(FONT.bold)
    .fontSize(38)
    .fillColor(theme.onBrand)
    .text('Premium Report', left, PANEL_TOP + 68, { width: 400 });
  doc
    .font(FONT.regular)
    .fontSize(11.5)
    .fillColor(theme.onBrand)
    .text(
      "Your home's improvement plans, step by step, with the cost and rating after each step and your assessor's advice.",
      left,
      doc.y + 10,
      {
        width: 380,
        lineGap: 1.5,
      },
    );

  drawCoverAddress(ctx, PANEL_TOP + PANEL_HEIGHT + 30);
  const y = doc.y + 20;

  drawBandTile(ctx, left, y, 'Energy rating now', input.epcStart, epcBand(input.epcStart));
  drawBandTile(ctx, left + 170, y, 'Environmental impact now', input.eirStart, epcBand(input.eirStart), ENVIRONMENTAL_COLOURS);
  const lead = input.plans[0] ?? input.customPlan;
  if (lead) {
    const label = input.plans.length ? 'Energy rating after plan 1' : "After your assessor's plan";
    drawBandTile(ctx, left + 340, y, label, lead.epcAfter, asBand(lead.bandAfter, lead.epcAfter));
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(theme.muted)
      .text(fitText(doc, pdfText(lead.name), CONTENT_WIDTH - 340), left + 340, y + 52, { lineBreak: false });
  }
  doc.x = left;
  doc.y = y + 74;

  factGrid(ctx, [
    ['Date of report', formatDate(input.finalisedAt)],
    ['Ordered on', formatDate(input.purchasedAt)],
    ['Prepared by', companyName],
    ['Your assessor', orDash(input.assessor.name)],
    ['Survey date', formatSurveyDate(input.survey.inspectionDate)],
    ['Certificate reference', orDash(input.survey.rrn)],
  ]);

  drawCoverNote(
    ctx,
    'This Premium Report is based on the energy survey of your home lodged on the EPC register, with plans and remarks prepared by your assessor. ' +
      'Costs are indicative and ratings are estimates; quotes from installers will vary with your home and the products chosen.',
    8,
  );
}
