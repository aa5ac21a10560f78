import { EPC_BANDS, epcBand, type EpcBand } from '../../../shared/epc-bands';
import { mix, textOn, WHITE } from '../../../shared/colour';
import { CHART_TITLE_H, drawChartFrame } from '../chart-frame';
import { FONT, type DrawContext } from '../layout';

export interface StepChartData {
  title: string;
  /** The rating before the first step. */
  start: number;
  /** The rating after each step, in order. */
  steps: number[];
  palette: Record<EpcBand, string>;
}

const AXIS_W = 20;
const TOP_PAD = 16;
const LABEL_H = 16;

/**
 * The route as bars: the rating now and after each step, each bar in its band's colour over
 * faint band stripes, so an owner sees which step crosses into which band.
 */
export function drawStepChart(ctx: DrawContext, data: StepChartData, x: number, y: number, width: number, height: number): void {
  const { doc, theme } = ctx;
  drawChartFrame(ctx, data.title, x, y, width, height);

  const values = [data.start, ...data.steps].map((v) => Math.round(v));
  const top = Math.max(100, ...values);
  const plotX = x + AXIS_W + 6;
  const plotW = width - AXIS_W - 14;
  const plotTop = y + CHART_TITLE_H + TOP_PAD;
  const plotBottom = y + height - LABEL_H - 4;
  const yOf = (points: number) => plotBottom - (Math.max(0, points) / top) * (plotBottom - plotTop);

  // Band stripes from G at the bottom to A at the top, each labelled on the axis.
  EPC_BANDS.forEach(({ band, min }, i) => {
    const upper = i === 0 ? top : EPC_BANDS[i - 1].min;
    const lower = Number.isFinite(min) ? min : 0;
    const y0 = yOf(upper);
    const y1 = yOf(lower);
    doc.rect(plotX, y0, plotW, y1 - y0).fill(mix(data.palette[band], WHITE, 0.85));
    doc
      .font(FONT.bold)
      .fontSize(7.5)
      .fillColor(data.palette[band])
      .text(band, x + 6, (y0 + y1) / 2 - 3.5, { width: AXIS_W - 2, align: 'center', lineBreak: false });
  });

  const slot = plotW / values.length;
  const barW = Math.min(34, slot * 0.62);
  values.forEach((value, i) => {
    const band = epcBand(value);
    const cx = plotX + slot * (i + 0.5);
    const barTop = yOf(value);
    doc.rect(cx - barW / 2, barTop, barW, plotBottom - barTop).fill(data.palette[band]);
    const label = String(value);
    doc.font(FONT.bold).fontSize(slot < 22 ? 6.5 : 7.5);
    const inside = plotBottom - barTop > 14 && doc.widthOfString(label) < barW - 2;
    doc
      .fillColor(inside ? textOn(data.palette[band]) : theme.ink)
      .text(label, cx - slot / 2, inside ? barTop + 3 : barTop - 10, { width: slot, align: 'center', lineBreak: false });
    doc
      .font(i === 0 ? FONT.bold : FONT.regular)
      .fontSize(slot < 22 ? 6.5 : 7.5)
      .fillColor(theme.muted)
      .text(i === 0 ? 'Now' : String(i), cx - slot / 2, plotBottom + 4, { width: slot, align: 'center', lineBreak: false });
  });
  doc
    .moveTo(plotX, plotBottom)
    .lineTo(plotX + plotW, plotBottom)
    .lineWidth(0.6)
    .strokeColor(theme.muted)
    .stroke();
}
