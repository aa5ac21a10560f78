import { PREMIUM_DELIVERY, PREMIUM_MARKETING_VALUE } from '../../shared/constants';
import { epcBand } from '../../shared/epc-bands';
import { formatPrice } from '../../shared/money';
import { mix, textOn, WHITE } from './colour';
import { pdfText } from './format';
import { CONTENT_WIDTH, ensureSpace, FONT, PAGE, type ReportContext } from './layout';

const PAD = 22;

/**
 * What the Premium Report adds over this one: the owner's next step, with its price and link. A
 * home already at A or B is not promised plans to reach the band it has.
 */
export function premiumBenefits(currentRating: number): string[] {
  const band = epcBand(currentRating);
  const plans =
    band === 'A' || band === 'B'
      ? 'Improvement plans to lower your bills and carbon further, with the cost and rating after every step'
      : `Improvement plans to reach ${band === 'C' ? 'band B or A' : 'your target bands, such as C or B'}, with the cost and rating after every step`;
  return [plans, "Your assessor's remarks on your home and on the improvements that suit it", `Delivered ${PREMIUM_DELIVERY}`];
}

export function priceLine(pence: number | null): string | null {
  if (pence === null || !Number.isFinite(pence)) return null;
  return pence <= 0 ? `Free for your home (${PREMIUM_MARKETING_VALUE})` : `Price: ${formatPrice(pence)}`;
}

/** Section 6: the call to action for the Premium Report, kept whole on one page. */
export function drawCallToAction(ctx: ReportContext): void {
  const { doc, theme, input } = ctx;
  const fill = theme.accent;
  const ink = textOn(fill);
  const inner = CONTENT_WIDTH - 2 * PAD;
  const intro = 'This Preliminary Report shows what the survey recommends. The Premium Report turns it into a plan for your home:';
  const benefits = premiumBenefits(input.survey.energyRating.current);
  const price = priceLine(input.premiumPricePence);
  const url = pdfText(input.shareUrl);
  const more = 'At the same address you can also book an assessor visit to update your EPC, and ask recommended installers for quotes.';

  const h = (text: string, font: string, size: number, width = inner) => doc.font(font).fontSize(size).heightOfString(text, { width });
  const benefitsHeight = benefits.reduce((sum, b) => sum + h(b, FONT.regular, 10, inner - 20) + 6, 0);
  const height =
    PAD +
    12 +
    28 +
    h(intro, FONT.regular, 10) +
    10 +
    benefitsHeight +
    (price ? 26 : 4) +
    16 +
    h(url, FONT.bold, 10) +
    8 +
    h(more, FONT.regular, 8.5) +
    PAD;

  doc.y += 18;
  ensureSpace(ctx, height);
  const top = doc.y;
  const x = PAGE.margin + PAD;
  doc.roundedRect(PAGE.margin, top, CONTENT_WIDTH, height, 8).fill(fill);
  doc.save().roundedRect(PAGE.margin, top, CONTENT_WIDTH, height, 8).clip();
  doc
    .circle(PAGE.margin + CONTENT_WIDTH - 40, top + 30, 90)
    .fillOpacity(0.08)
    .fill(ink === WHITE ? WHITE : '#000000');
  doc.restore();

  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(ink)
    .text('NEXT STEP', x, top + PAD, { characterSpacing: 1.2, lineBreak: false });
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(ink)
    .text('Upgrade to the Premium Report', x, top + PAD + 13, { width: inner });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(intro, x, doc.y + 6, { width: inner, lineGap: 1.5 });
  doc.y += 8;
  for (const benefit of benefits) {
    const y = doc.y;
    doc.circle(x + 6, y + 5.5, 6).fill(mix(fill, ink, 0.2));
    doc
      .moveTo(x + 3.2, y + 5.8)
      .lineTo(x + 5.3, y + 7.9)
      .lineTo(x + 9, y + 3.4)
      .lineWidth(1.4)
      .strokeColor(ink)
      .stroke();
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(ink)
      .text(benefit, x + 20, y, { width: inner - 20, lineGap: 1.5 });
    doc.y += 6;
  }
  if (price) {
    doc
      .font(FONT.bold)
      .fontSize(14)
      .fillColor(ink)
      .text(price, x, doc.y + 4, { width: inner });
    doc.y += 6;
  } else doc.y += 4;
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(ink)
    .text('Order it online at:', x, doc.y + 6, { width: inner });
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(ink)
    .text(url, x, doc.y + 2, { width: inner, link: input.shareUrl, underline: true });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(mix(ink, fill, 0.15))
    .text(more, x, doc.y + 8, { width: inner, lineGap: 1 });
  doc.x = PAGE.margin;
  doc.y = top + height + 8;
}
