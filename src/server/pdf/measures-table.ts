import { epcBand } from '../../shared/epc-bands';
import { asBand, drawBandChip } from './band-chip';
import { formatCost } from './format';
import { STEP_COLUMNS, stepCells } from './improvement-steps';
import {
  accentBar,
  CONTENT_WIDTH,
  FONT,
  PAGE,
  ensureSpace,
  paragraph,
  sectionHeading,
  type DrawContext,
  type ReportContext,
} from './layout';
import { drawTable, type Cell } from './table';

/** Section 4: the survey's improvements in order, each rating including the steps before it. */
export function drawMeasures(ctx: ReportContext): void {
  const { input, theme } = ctx;
  const { measures, survey } = input;
  sectionHeading(
    ctx,
    'Recommended improvements',
    measures.length
      ? 'The improvements recommended for your home, in the order they are best carried out. The rating after each step and the cost so far include every step before it.'
      : undefined,
    measures.length ? 80 : 60,
  );

  if (measures.length === 0) {
    drawNotice(
      ctx,
      'Your home already reaches its potential',
      `The survey of your home recommends no further improvements to its energy rating of ${epcBand(survey.energyRating.current)} ` +
        `(${Math.round(survey.energyRating.current)} points).`,
    );
    return;
  }

  const rows = measures.map((m, i): (string | Cell)[] => [
    ...stepCells(theme, m, i),
    formatCost(m.implementationCost),
    { text: m.epcIncrease > 0 ? `+${m.epcIncrease}` : String(m.epcIncrease), bold: true },
    {
      text: `${m.epcTotal} ${m.epcBand}`,
      draw: (c, box) => drawBandChip(c, box.x, box.y - 2.5, m.epcTotal, asBand(m.epcBand, m.epcTotal)),
    },
    formatCost(m.costTotal),
  ]);
  const first = survey.energyRating.current;
  const last = measures[measures.length - 1];
  const summary =
    `Carrying out all ${measures.length === 1 ? 'of this improvement' : `${measures.length} improvements`} could take your home from ` +
    `${epcBand(first)} (${Math.round(first)} points) to ${last.epcBand} (${last.epcTotal} points)` +
    (last.costTotal.trim() ? `, for an indicative total of ${formatCost(last.costTotal)}.` : '.');
  const note = 'Costs are indicative, from the survey; quotes from installers will vary with your home and the products chosen.';
  const heightOf = (text: string, size: number) => ctx.doc.font(FONT.regular).fontSize(size).heightOfString(text, { width: CONTENT_WIDTH });
  drawTable(
    ctx,
    [
      ...STEP_COLUMNS,
      { header: 'Indicative cost', width: 84, align: 'right' },
      { header: 'Points gained', width: 48, align: 'center' },
      { header: 'Rating after', width: 60 },
      { header: 'Cost so far', width: 100, align: 'right' },
    ],
    rows,
    // The summary and the note under the table never start a page on their own.
    { keepWithLast: 10 + heightOf(summary, 9.5) + 2 + heightOf(note, 8) + 8 },
  );

  ctx.doc.y += 10;
  paragraph(ctx, summary, { gapAfter: 2 });
  paragraph(ctx, note, { size: 8, colour: theme.muted });
}

/** A tinted box with a heading, for a message that stands in for a whole section. */
export function drawNotice(ctx: DrawContext, title: string, body: string): void {
  const { doc, theme } = ctx;
  const width = CONTENT_WIDTH - 32;
  const height =
    doc.font(FONT.bold).fontSize(12).heightOfString(title, { width }) +
    doc.font(FONT.regular).fontSize(9.5).heightOfString(body, { width }) +
    34;
  ensureSpace(ctx, height);
  const y = doc.y;
  doc.roundedRect(PAGE.margin, y, CONTENT_WIDTH, height, 6).fill(theme.tint);
  accentBar(ctx, y, height);
  doc
    .font(FONT.bold)
    .fontSize(12)
    .fillColor(theme.brandInk)
    .text(title, PAGE.margin + 18, y + 14, { width });
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(theme.ink)
    .text(body, PAGE.margin + 18, doc.y + 4, { width, lineGap: 1.5 });
  doc.x = PAGE.margin;
  doc.y = y + height + 8;
}
