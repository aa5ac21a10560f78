import { EPC_BAND_COLOURS, epcBand, type EpcBand } from '../../../shared/epc-bands';
import { drawBandChip } from '../band-chip';
import { CONTENT_WIDTH, FONT, PAGE, paragraph, sectionHeading, type DrawContext } from '../layout';
import { chartHeight, drawRatingChart } from '../rating-chart';
import { ENVIRONMENTAL_COLOURS, ratingChartModel } from '../rating-chart-model';
import { drawTable, type Box, type Cell } from '../table';
import { energyRoute, environmentalRoute, planName, priorityNote, signed, type RatingRoute } from './plan-facts';
import type { PremiumContext } from './premium-context';
import { rangeText } from './premium-money';

/** Where the home is now, against what the survey says it could reach. */
export function drawWhereNow(ctx: PremiumContext): void {
  const { doc, input } = ctx;
  sectionHeading(
    ctx,
    'Where your home is now',
    'The energy efficiency rating shows how economical your home is to heat and run: the higher it is, the lower the bills. ' +
      'The environmental impact rating shows its carbon dioxide (CO2) emissions: the higher it is, the less impact it has.',
    chartHeight(7) + 10,
  );
  const gap = 14;
  const width = (CONTENT_WIDTH - gap) / 2;
  const { energyRating, environmentalImpact } = input.survey;
  const y = doc.y + 2;
  drawRatingChart(
    ctx,
    ratingChartModel(input.epcStart, energyRating.potential),
    {
      title: 'Energy Efficiency Rating',
      top: 'Very energy efficient: lower running costs',
      bottom: 'Not energy efficient: higher running costs',
      columns: ['Now', 'Potential'],
    },
    PAGE.margin,
    y,
    width,
  );
  drawRatingChart(
    ctx,
    ratingChartModel(input.eirStart, environmentalImpact.potential, ENVIRONMENTAL_COLOURS),
    {
      title: 'Environmental Impact (CO2) Rating',
      top: 'Very environmentally friendly: lower CO2',
      bottom: 'Not environmentally friendly: higher CO2',
      columns: ['Now', 'Potential'],
    },
    PAGE.margin + width + gap,
    y,
    width,
  );
  doc.x = PAGE.margin;
  doc.y = y + chartHeight(7) + 12;
  const count = input.measures.length;
  paragraph(
    ctx,
    `Your home's energy rating is ${epcBand(input.epcStart)} (${Math.round(input.epcStart)} points) and its environmental impact rating is ` +
      `${epcBand(input.eirStart)} (${Math.round(input.eirStart)} points). ` +
      (count > 0
        ? `The survey recommends ${count === 1 ? 'one improvement' : `${count} improvements`}; the plans below group them by what you want to achieve.`
        : 'The survey recommends no further improvements.'),
  );
}

/** Every plan in one table: how far each takes the home and what it costs. */
export function drawPlansAtAGlance(ctx: PremiumContext): void {
  const { input } = ctx;
  const plans = [...input.plans, ...(input.customPlan ? [input.customPlan] : [])];
  if (plans.length === 0) return;
  sectionHeading(
    ctx,
    'Where each plan takes it',
    'Each plan is set out step by step on its own page, with a guide to every improvement after the plans.',
    90,
  );
  const rows = plans.map((plan): (string | Cell)[] => [
    { text: planName(plan), bold: true },
    String(plan.steps.length),
    routeCell(energyRoute(plan, input), EPC_BAND_COLOURS),
    routeCell(environmentalRoute(plan, input), ENVIRONMENTAL_COLOURS),
    { text: rangeText(plan.costPence), bold: true },
  ]);
  const note = priorityNote(input);
  drawTable(
    ctx,
    [
      { header: 'Plan', width: 0 },
      { header: 'Steps', width: 40, align: 'center' },
      { header: 'Band after and energy points', width: 96 },
      { header: 'Environmental rating and points', width: 96 },
      { header: 'Indicative cost', width: 110, align: 'right' },
    ],
    rows,
    { fontSize: 9.5, keepWithLast: note ? 40 : 0 },
  );
  ctx.doc.y += 8;
  if (note) paragraph(ctx, note, { size: 9 });
}

function routeCell(route: RatingRoute, palette: Record<EpcBand, string>): Cell {
  const gain = signed(route.after - route.start);
  return {
    text: `${route.after} ${route.afterBand} ${gain}`,
    draw: (ctx: DrawContext, box: Box) => {
      const width = drawBandChip(ctx, box.x, box.y - 2.5, route.after, route.afterBand, 8.5, palette);
      ctx.doc
        .font(FONT.bold)
        .fontSize(9)
        .fillColor(ctx.theme.muted)
        .text(gain, box.x + width + 6, box.y, { lineBreak: false });
    },
  };
}
