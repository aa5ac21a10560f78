import { epcBand } from '../../../shared/epc-bands';
import { pdfText } from '../format';
import { CONTENT_WIDTH, FONT, paragraph, sectionHeading, subHeading } from '../layout';
import { STEP_COLUMNS, stepCells } from '../improvement-steps';
import { drawNotice } from '../measures-table';
import { drawTable, type Cell } from '../table';
import { signed } from './plan-facts';
import type { PremiumContext } from './premium-context';
import { costText, rangeText, totalCost } from './premium-money';

const ENGLAND_AND_WALES = new Set(['ENG', 'WLS', 'EAW']);

/** For a rented home: whether it may be let today, and the improvements that would take it to band C. */
export function drawLetting(ctx: PremiumContext): void {
  const { doc, input, theme } = ctx;
  const { letting } = input;
  if (!letting) return;
  const minimum = pdfText(letting.minimumBand) || 'E';
  const band = epcBand(input.epcStart);
  const rating = `${band} (${Math.round(input.epcStart)} points)`;
  const rules = ENGLAND_AND_WALES.has(input.survey.country)
    ? `Under the Minimum Energy Efficiency Standard, a privately rented home in England and Wales must have an energy rating of band ${minimum} or better to be let, unless a valid exemption is registered.`
    : `Minimum energy ratings for rented homes differ across the UK; your assessor can tell you which rules apply to your home. The minimum used in this report is band ${minimum}.`;
  sectionHeading(ctx, 'Letting your home', rules, 110);
  if (letting.meetsMinimum) {
    drawNotice(
      ctx,
      `Your home meets the minimum band ${minimum} for letting`,
      `Its energy rating is ${rating}, so it may be let as it is today.`,
    );
  } else {
    drawNotice(
      ctx,
      `Your home does not meet the minimum band ${minimum} for letting`,
      `Its energy rating is ${rating}. It needs improving to band ${minimum} or better before it is let on a new tenancy, unless an exemption applies.`,
    );
  }

  const steps = letting.toReachC;
  const intro = ENGLAND_AND_WALES.has(input.survey.country)
    ? 'The government has decided that every private tenancy in England and Wales must reach the equivalent of band C by 1 October 2030, with a £10,000 cost cap; this still needs an Act of Parliament. Reaching C also makes a home cheaper to run and more attractive to tenants.'
    : 'Reaching band C makes a home cheaper to run and more attractive to tenants.';
  // The heading keeps its introduction, the table's header, a row and (for one row) the sentence after it.
  subHeading(ctx, 'What takes it to band C', doc.font(FONT.regular).fontSize(9).heightOfString(intro, { width: CONTENT_WIDTH }) + 100);
  paragraph(ctx, intro, { size: 9, colour: theme.muted });
  if (steps === null) {
    paragraph(
      ctx,
      'None of the improvements recommended in the survey, alone or together, take your home to band C. Your assessor can advise on further work that may.',
    );
    return;
  }
  if (steps.length === 0) {
    paragraph(ctx, `Your home already reaches band C, at ${rating}.`);
    return;
  }
  const after = Math.round(input.epcStart + steps.reduce((sum, m) => sum + m.epcIncrease, 0));
  const rows = steps.map((m, i): (string | Cell)[] => [
    ...stepCells(theme, m, i),
    costText(m.implementationCost),
    { text: signed(m.epcIncrease), bold: true },
  ]);
  drawTable(
    ctx,
    [...STEP_COLUMNS, { header: 'Indicative cost', width: 110, align: 'right' }, { header: 'Energy points', width: 70, align: 'center' }],
    rows,
    { keepWithLast: 40 },
  );
  doc.y += 8;
  paragraph(
    ctx,
    `Together ${steps.length === 1 ? 'this improvement takes' : `these ${steps.length} improvements take`} your home from ${rating} to ` +
      `${epcBand(after)} (${after} points), for an indicative ${rangeText(totalCost(steps))}.`,
  );
}
