import { EPC_BAND_COLOURS, type EpcBand } from '../../../shared/epc-bands';
import type { Measure } from '../../../shared/api/premium';
import { asBand, drawBandChip } from '../band-chip';
import { STEP_COLUMNS, stepCells } from '../improvement-steps';
import { FONT, CONTENT_WIDTH, type DrawContext } from '../layout';
import { ENVIRONMENTAL_COLOURS } from '../rating-chart-model';
import { drawTable, type Box, type Cell } from '../table';
import { signed } from './plan-facts';
import type { PremiumContext } from './premium-context';
import { costText } from './premium-money';

export const PLAN_FOOTNOTE =
  'The ratings after each step and the cost so far include every step before it. Costs are indicative; quotes from installers will vary with your home and the products chosen.';

/** The plan's steps in order, each with the points it adds, the ratings after it and the cost so far. */
export function drawPlanSteps(ctx: PremiumContext, steps: Measure[]): void {
  const { doc, theme } = ctx;
  const footnote = doc.font(FONT.regular).fontSize(8).heightOfString(PLAN_FOOTNOTE, { width: CONTENT_WIDTH }) + 14;
  const rows = steps.map((m, i): (string | Cell)[] => [
    ...stepCells(theme, m, i),
    costText(m.implementationCost),
    ratingCell(m.epcIncrease, m.epcTotal, m.epcBand, EPC_BAND_COLOURS),
    ratingCell(m.eirIncrease, m.eirTotal, m.eirBand, ENVIRONMENTAL_COLOURS),
    { text: costText(m.costTotal), bold: true },
  ]);
  drawTable(
    ctx,
    [
      ...STEP_COLUMNS,
      { header: 'Indicative cost', width: 86, align: 'right' },
      { header: 'Energy rating after', width: 70 },
      { header: 'Environmental rating after', width: 70 },
      { header: 'Cost so far', width: 92, align: 'right' },
    ],
    rows,
    { keepWithLast: footnote, fontSize: 8.5 },
  );
}

function ratingCell(increase: number, total: number, band: string, palette: Record<EpcBand, string>): Cell {
  const gain = signed(increase);
  return {
    text: `${gain} ${total} ${band}`,
    draw: (ctx: DrawContext, box: Box) => {
      const { doc, theme } = ctx;
      doc
        .font(FONT.bold)
        .fontSize(8.5)
        .fillColor(theme.muted)
        .text(gain, box.x, box.y + 0.5, { width: 22, lineBreak: false });
      drawBandChip(ctx, box.x + 24, box.y - 2.5, total, asBand(band, total), 8.5, palette);
    },
  };
}
