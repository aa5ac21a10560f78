import { efficiencyWord, formatArea, formatSurveyDate, humaniseElement, orDash, pdfText, DASH } from './format';
import { factGrid, FONT, sectionHeading, subHeading, paragraph, type DrawContext, type HomeContext } from './layout';
import { drawTable, type Box, type Cell } from './table';

/** Section 2: the facts of the property and what the assessor found, element by element. */
export function drawPropertySummary(ctx: HomeContext): void {
  const { input } = ctx;
  const { survey, councilTax } = input;
  sectionHeading(ctx, 'Your property', 'The details of your home as recorded in its energy survey.');
  const assessor = [survey.assessorName, survey.assessorId ? `(ID ${survey.assessorId})` : null].filter(Boolean).join(' ');
  factGrid(ctx, [
    ['Address', pdfText(input.reportName)],
    ['Property type', orDash(survey.propertyType)],
    ['Total floor area', formatArea(survey.floorAreaM2)],
    ['UPRN', orDash(survey.uprn)],
    ['Council tax band', councilTax?.band ? `Band ${pdfText(councilTax.band)}` : DASH],
    ['Inspection date', formatSurveyDate(survey.inspectionDate)],
    ['Energy assessor', orDash(assessor)],
    ['Certificate reference', orDash(survey.rrn)],
  ]);

  subHeading(ctx, 'Property summary');
  if (survey.summary.length === 0) {
    paragraph(ctx, 'The survey does not list the elements of the property.', { colour: ctx.theme.muted });
    return;
  }
  paragraph(ctx, 'Each part of your home and how energy efficient the assessor found it, from very poor to very good.', {
    colour: ctx.theme.muted,
    size: 9,
  });
  const rows = survey.summary.map((el): (string | Cell)[] => [
    { text: humaniseElement(el.element), bold: true },
    orDash(el.description),
    efficiencyCell(el.energyEfficiency),
  ]);
  drawTable(
    ctx,
    [
      { header: 'Element', width: 110 },
      { header: 'Description', width: 0 },
      { header: 'Energy efficiency', width: 138 },
    ],
    rows,
  );
}

function efficiencyCell(rating: number | null): Cell {
  const word = efficiencyWord(rating);
  if (!word) return { text: DASH, colour: '#5b6773' };
  return { text: word, draw: (ctx, box) => drawStars(ctx, box, rating!, word) };
}

/** Five stars, `filled` of them in the brand colour, and the rating in words beside them. */
function drawStars(ctx: DrawContext, box: Box, filled: number, word: string): void {
  const { doc, theme } = ctx;
  const r = 4.6;
  for (let i = 0; i < 5; i++) {
    const cx = box.x + r + i * (2 * r + 1.6);
    const cy = box.y + 5;
    const points: [number, number][] = [];
    for (let k = 0; k < 10; k++) {
      const radius = k % 2 === 0 ? r : r * 0.45;
      const angle = -Math.PI / 2 + (k * Math.PI) / 5;
      points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
    }
    doc.polygon(...points).fill(i < filled ? theme.accent : theme.rule);
  }
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(theme.ink)
    .text(word, box.x + 5 * (2 * r + 1.6) + 4, box.y, { width: box.width - 60, lineBreak: false });
}
