import { FONT, type DrawContext } from './layout';

/** The height of the grey band a chart's title sits on; the chart draws below it. */
export const CHART_TITLE_H = 24;

/** Every chart's box: a thin rounded frame with the chart's title on a grey band across its top. */
export function drawChartFrame(ctx: DrawContext, title: string, x: number, y: number, width: number, height: number): void {
  const { doc, theme } = ctx;
  doc.roundedRect(x, y, width, height, 4).lineWidth(0.8).strokeColor(theme.rule).stroke();
  doc.save().roundedRect(x, y, width, CHART_TITLE_H, 4).clip().rect(x, y, width, CHART_TITLE_H).fill(theme.panel).restore();
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(theme.ink)
    .text(title, x + 8, y + 7, { width: width - 16, lineBreak: false });
}
