import { formatPence, formatTonnes, pdfText } from './format';
import {
  CONTENT_WIDTH,
  ensureSpace,
  FONT,
  PAGE,
  paragraph,
  sectionHeading,
  subHeading,
  type DrawContext,
  type HomeContext,
} from './layout';
import { drawTable, type Cell } from './table';

/** Section 5: what the home costs to run now and could cost, and its carbon dioxide emissions. */
export function drawRunningCosts(ctx: HomeContext, money: (pence: number) => string = formatPence): void {
  const { survey } = ctx.input;
  // The table of a few rows and the two emission figures read as one: kept on one page together.
  const wholeSection = (survey.runningCosts.length + 2) * 24 + 130;
  sectionHeading(
    ctx,
    'Running costs and emissions',
    'Estimated energy costs of your home a year, now and with all the recommended improvements, based on standard occupancy and fuel prices at the time of the survey.',
    wholeSection,
  );

  if (survey.runningCosts.length === 0) {
    paragraph(ctx, 'The survey does not record running costs for this property.', { colour: ctx.theme.muted });
  } else {
    const saving = (pence: number): string => (pence > 0 ? money(pence) : '—');
    const rows: (string | Cell)[][] = survey.runningCosts.map((c) => [
      { text: pdfText(c.item), bold: true },
      money(c.currentPence),
      money(c.potentialPence),
      saving(c.currentPence - c.potentialPence),
    ]);
    const current = survey.runningCosts.reduce((sum, c) => sum + c.currentPence, 0);
    const potential = survey.runningCosts.reduce((sum, c) => sum + c.potentialPence, 0);
    rows.push(['Total', money(current), money(potential), saving(current - potential)]);
    drawTable(
      ctx,
      [
        { header: 'Item', width: 0 },
        { header: 'Current cost a year', width: 110, align: 'right' },
        { header: 'Potential cost a year', width: 110, align: 'right' },
        { header: 'Saving a year', width: 100, align: 'right' },
      ],
      rows,
      { totalRows: 1, fontSize: 9.5 },
    );
  }

  subHeading(ctx, 'Carbon dioxide (CO2) emissions', 70);
  drawCo2(ctx, survey.co2.current, survey.co2.potential);
}

function drawCo2(ctx: DrawContext, current: number | null, potential: number | null): void {
  const { doc, theme } = ctx;
  const gap = 14;
  const width = (CONTENT_WIDTH - gap) / 2;
  ensureSpace(ctx, 60);
  const y = doc.y;
  [
    ['Current emissions', current],
    ['Potential emissions', potential],
  ].forEach(([label, tonnes], i) => {
    const x = PAGE.margin + i * (width + gap);
    doc.roundedRect(x, y, width, 52, 5).fill(i === 0 ? theme.panel : theme.tint);
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(theme.muted)
      .text(String(label).toUpperCase(), x + 14, y + 11, { characterSpacing: 0.4, lineBreak: false });
    doc
      .font(FONT.bold)
      .fontSize(15)
      .fillColor(i === 0 ? theme.ink : theme.brandInk)
      .text(formatTonnes(tonnes as number | null), x + 14, y + 25, { width: width - 28, lineBreak: false });
  });
  doc.x = PAGE.margin;
  doc.y = y + 62;
}
