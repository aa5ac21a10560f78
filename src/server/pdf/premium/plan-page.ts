import { EPC_BAND_COLOURS, type EpcBand } from '../../../shared/epc-bands';
import { PLAN_ID } from '../../../shared/states';
import { drawBandChip } from '../band-chip';
import { pdfText } from '../format';
import { afterGrantsText, drawFundingSummary, drawPlansFunding, hasFundingSection, loansText } from '../funding-summary';
import { CONTENT_WIDTH, FONT, PAGE, paragraph, sectionHeading } from '../layout';
import { drawNotice } from '../measures-table';
import { chartHeight, drawRatingChart } from '../rating-chart';
import { ENVIRONMENTAL_COLOURS, ratingChartModel } from '../rating-chart-model';
import type { PremiumPlan } from '../premium-input';
import { energyRoute, environmentalRoute, planName, planPurpose, signed, type RatingRoute } from './plan-facts';
import { drawKicker } from './kicker';
import { drawPlanSteps, PLAN_FOOTNOTE } from './plan-steps-table';
import type { PremiumContext } from './premium-context';
import { rangeText } from './premium-money';
import { drawStepChart } from './step-chart';

const TILE_H = 54;

/** A plan on a page of its own: what it is for, where it takes the home, and each step in order. */
export function drawPlanPage(ctx: PremiumContext, plan: PremiumPlan, kicker: string): void {
  const { doc, theme, input } = ctx;
  doc.addPage();
  drawKicker(ctx, kicker);
  sectionHeading(ctx, planName(plan), planPurpose(plan, input), 0);

  if (plan.steps.length === 0) {
    drawNotice(ctx, 'No improvements in this plan', 'This plan has no steps: the ratings of your home stay as they are today.');
    return;
  }

  const energy = energyRoute(plan, input);
  const environment = environmentalRoute(plan, input);
  drawTiles(ctx, plan, energy, environment);

  const eir = plan.collect === 'EIR';
  const route = eir ? environment : energy;
  const palette = eir ? ENVIRONMENTAL_COLOURS : EPC_BAND_COLOURS;
  const gap = 14;
  const leftWidth = 220;
  const height = chartHeight(7);
  const y = doc.y;
  drawRatingChart(
    ctx,
    ratingChartModel(route.start, route.after, palette),
    {
      title: eir ? 'Environmental impact (CO2)' : 'Energy efficiency',
      top: eir ? 'Lower CO2 emissions' : 'Lower running costs',
      bottom: eir ? 'Higher CO2 emissions' : 'Higher running costs',
      columns: ['Now', 'After'],
    },
    PAGE.margin,
    y,
    leftWidth,
  );
  drawStepChart(
    ctx,
    {
      title: eir ? 'Environmental rating after each step' : 'Energy rating after each step',
      start: route.start,
      steps: plan.steps.map((s) => (eir ? s.eirTotal : s.epcTotal)),
      palette,
    },
    PAGE.margin + leftWidth + gap,
    y,
    CONTENT_WIDTH - leftWidth - gap,
    height,
  );
  doc.x = PAGE.margin;
  doc.y = y + height + 16;

  drawPlanSteps(ctx, plan.steps);
  doc.y += 8;
  paragraph(ctx, PLAN_FOOTNOTE, { size: 8, colour: theme.muted });
}

/** Four figures an owner looks for first: both ratings before and after, the cost and the number of steps. */
function drawTiles(ctx: PremiumContext, plan: PremiumPlan, energy: RatingRoute, environment: RatingRoute): void {
  const { doc, theme } = ctx;
  const gap = 10;
  // The two rating tiles need room for two chips; the points tile only for '+27'.
  const widths = [128, 128, 92, CONTENT_WIDTH - 3 * gap - 348];
  const y = doc.y;
  const tile = (i: number, label: string) => {
    const x = PAGE.margin + widths.slice(0, i).reduce((a, b) => a + b + gap, 0);
    doc.roundedRect(x, y, widths[i], TILE_H, 5).fill(theme.panel);
    doc
      .font(FONT.regular)
      .fontSize(7.5)
      .fillColor(theme.muted)
      .text(label.toUpperCase(), x + 10, y + 10, { characterSpacing: 0.4, lineBreak: false });
    return x + 10;
  };
  const route = (i: number, label: string, r: RatingRoute, palette: Record<EpcBand, string>) => {
    const x = tile(i, label);
    const w = drawBandChip(ctx, x, y + 27, r.start, r.startBand, 8.5, palette);
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(theme.muted)
      .text('to', x + w + 5, y + 30, { lineBreak: false });
    drawBandChip(ctx, x + w + 19, y + 27, r.after, r.afterBand, 8.5, palette);
  };
  route(0, 'Energy rating', energy, EPC_BAND_COLOURS);
  route(1, 'Environmental rating', environment, ENVIRONMENTAL_COLOURS);

  const figure = (i: number, label: string, value: string) => {
    const x = tile(i, label);
    doc.font(FONT.bold).fontSize(12);
    if (doc.widthOfString(value) > widths[i] - 20) doc.fontSize(10);
    doc.fillColor(theme.ink).text(value, x, y + 28, { lineBreak: false });
  };
  const collected = plan.collect === 'EIR' ? environment : energy;
  figure(2, 'Points gained', `${signed(collected.after - collected.start)}${plan.collect === 'EIR' ? ' CO2' : ''}`);
  figure(3, plan.id === PLAN_ID.custom ? 'Cost of this plan' : 'Indicative cost', rangeText(plan.costPence));
  doc.y = y + TILE_H + 14;
  const afterFunding = afterFundingText(plan);
  if (afterFunding) paragraph(ctx, pdfText(afterFunding), { size: 9, colour: theme.brandInk });
  // A loan is a way to pay, in a sentence of its own: it never lowers the cost above.
  const loans = loansText(plan.funding);
  if (loans) paragraph(ctx, pdfText(loans), { size: 9, colour: theme.muted });
}

/** The plan's cost beside what it may cost after grants, at both ends (funding-summary.ts writes it for every report). */
const afterFundingText = (plan: PremiumPlan): string | null => afterGrantsText(plan.funding);

/**
 * The Premium's funding pages, after the plans: the same section as the Preliminary's (every
 * scheme, loan and relief for the home's measures, with where it applies and its official page),
 * then each plan's cost after grants at both ends.
 */
export function drawPremiumFunding(ctx: PremiumContext): void {
  const { doc, input } = ctx;
  if (!hasFundingSection(input.funding)) return;
  doc.addPage();
  drawFundingSummary(ctx, input.funding);
  const plans = [...input.plans, ...(input.customPlan ? [input.customPlan] : [])];
  drawPlansFunding(
    ctx,
    plans.map((p) => ({ name: planName(p), funding: p.funding })),
  );
}
