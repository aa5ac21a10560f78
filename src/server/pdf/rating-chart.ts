import { textOn } from '../../shared/colour';
import { CHART_TITLE_H, drawChartFrame } from './chart-frame';
import { fitText, FONT, type DrawContext } from './layout';
import type { ChartMarker, RatingChartModel } from './rating-chart-model';

export interface ChartLabels {
  title: string;
  top: string;
  bottom: string;
  /** The two marker columns' headings; an EPC's own are 'Current' and 'Potential'. */
  columns?: [string, string];
}

const HEAD_H = 16;
const CAPTION_H = 13;
const BAR_H = 18;
const BAR_GAP = 3;
const MARKER_W = 50;

export const chartHeight = (rows: number) => CHART_TITLE_H + HEAD_H + 2 * CAPTION_H + rows * (BAR_H + BAR_GAP) + 8;

/**
 * An A-G chart as printed on an EPC: bars growing from A to G with their point ranges, and the
 * current and potential ratings as arrows in their own columns against the band they fall in.
 */
export function drawRatingChart(
  ctx: DrawContext,
  model: RatingChartModel,
  labels: ChartLabels,
  x: number,
  y: number,
  width: number,
): number {
  const { doc, theme } = ctx;
  const height = chartHeight(model.bands.length);
  const barsWidth = width - 2 * MARKER_W;
  const columnsX = x + barsWidth;

  drawChartFrame(ctx, labels.title, x, y, width, height);

  const headY = y + CHART_TITLE_H;
  doc
    .moveTo(x, headY)
    .lineTo(x + width, headY)
    .lineWidth(0.5)
    .strokeColor(theme.rule)
    .stroke();
  (labels.columns ?? ['Current', 'Potential']).forEach((label, i) => {
    doc
      .font(FONT.bold)
      .fontSize(7.5)
      .fillColor(theme.muted)
      .text(label, columnsX + i * MARKER_W, headY + 5, { width: MARKER_W, align: 'center', lineBreak: false });
  });
  for (const cx of [columnsX, columnsX + MARKER_W]) {
    doc
      .moveTo(cx, headY)
      .lineTo(cx, y + height)
      .lineWidth(0.5)
      .strokeColor(theme.rule)
      .stroke();
  }

  const barsTop = headY + HEAD_H + CAPTION_H;
  doc
    .font(FONT.regular)
    .fontSize(6.8)
    .fillColor(theme.muted)
    .text(fitText(doc, labels.top, barsWidth - 10), x + 6, barsTop - CAPTION_H + 1, { lineBreak: false });

  model.bands.forEach((band, i) => {
    const by = barsTop + i * (BAR_H + BAR_GAP);
    const bw = (barsWidth - 14) * band.widthShare;
    const ink = textOn(band.colour);
    doc.rect(x + 6, by, bw, BAR_H).fill(band.colour);
    doc
      .font(FONT.regular)
      .fontSize(7.5)
      .fillColor(ink)
      .text(band.range, x + 10, by + 5.5, { lineBreak: false });
    doc
      .font(FONT.bold)
      .fontSize(12)
      .fillColor(ink)
      .text(band.band, x + 6 + bw - 14, by + 3.5, { width: 10, align: 'center', lineBreak: false });
  });

  const barsBottom = barsTop + model.bands.length * (BAR_H + BAR_GAP);
  doc
    .font(FONT.regular)
    .fontSize(6.8)
    .fillColor(theme.muted)
    .text(fitText(doc, labels.bottom, barsWidth - 10), x + 6, barsBottom + 2, { lineBreak: false });

  drawMarker(ctx, model.current, columnsX + 4, barsTop);
  drawMarker(ctx, model.potential, columnsX + MARKER_W + 4, barsTop);
  return height;
}

/** An arrow pointing at the bars, in the colour of the band its value falls in. */
function drawMarker(ctx: DrawContext, marker: ChartMarker, left: number, barsTop: number): void {
  const { doc } = ctx;
  const cy = barsTop + marker.row * (BAR_H + BAR_GAP) + BAR_H / 2;
  const half = BAR_H / 2 + 1;
  const right = left + MARKER_W - 8;
  doc.polygon([left, cy], [left + 8, cy - half], [right, cy - half], [right, cy + half], [left + 8, cy + half]).fill(marker.colour);
  doc
    .font(FONT.bold)
    .fontSize(9.5)
    .fillColor(textOn(marker.colour))
    .text(`${marker.value} ${marker.band}`, left + 6, cy - 4.5, { width: right - left - 6, align: 'center', lineBreak: false });
}
