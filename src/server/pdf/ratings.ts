import { CONTENT_WIDTH, ensureSpace, PAGE, paragraph, sectionHeading, type ReportContext } from './layout';
import { chartHeight, drawRatingChart } from './rating-chart';
import { ENVIRONMENTAL_COLOURS, ratingChartModel } from './rating-chart-model';

/** Section 3: the two charts every EPC carries, current against potential. */
export function drawRatings(ctx: ReportContext): void {
  const { doc, input } = ctx;
  const { energyRating, environmentalImpact } = input.survey;
  sectionHeading(
    ctx,
    'Energy rating',
    'The energy efficiency rating is a measure of the overall efficiency of a home: the higher the rating, the lower the fuel bills are likely to be. ' +
      'The environmental impact rating measures its effect on the environment in terms of carbon dioxide (CO2) emissions: the higher the rating, the less impact it has.',
    chartHeight(7) + 10,
  );
  const energy = ratingChartModel(energyRating.current, energyRating.potential);
  const environment = ratingChartModel(environmentalImpact.current, environmentalImpact.potential, ENVIRONMENTAL_COLOURS);
  const gap = 14;
  const width = (CONTENT_WIDTH - gap) / 2;
  ensureSpace(ctx, chartHeight(7) + 10);
  const y = doc.y + 2;
  drawRatingChart(
    ctx,
    energy,
    {
      title: 'Energy Efficiency Rating',
      top: 'Very energy efficient: lower running costs',
      bottom: 'Not energy efficient: higher running costs',
    },
    PAGE.margin,
    y,
    width,
  );
  const height = drawRatingChart(
    ctx,
    environment,
    {
      title: 'Environmental Impact (CO2) Rating',
      top: 'Very environmentally friendly: lower CO2',
      bottom: 'Not environmentally friendly: higher CO2',
    },
    PAGE.margin + width + gap,
    y,
    width,
  );
  doc.x = PAGE.margin;
  doc.y = y + height + 12;

  const lift = energy.potential.value - energy.current.value;
  paragraph(
    ctx,
    `Your home's current energy rating is ${energy.current.band} (${energy.current.value} points) and its potential rating is ` +
      `${energy.potential.band} (${energy.potential.value} points)` +
      (lift > 0 && input.measures.length > 0 ? `: the improvements in this report could add ${lift} points.` : '.') +
      ` Its environmental impact rating is ${environment.current.band} (${environment.current.value}) now, ` +
      `and could be ${environment.potential.band} (${environment.potential.value}).`,
  );
}
