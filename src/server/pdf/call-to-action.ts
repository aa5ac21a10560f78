import { PREMIUM_DELIVERY, PREMIUM_MARKETING_VALUE } from '../../shared/constants';
import { EPC_BANDS, epcBand } from '../../shared/epc-bands';
import { formatPrice } from '../../shared/money';
import { premiumOnOffer, type StepPoints } from '../../shared/rules/premium-offer';
import { assessorContactLines } from './assessor-contact';
import { mix, textOn, WHITE } from '../../shared/colour';
import { pdfText } from './format';
import { CONTENT_WIDTH, FONT, PAGE, startBlock, type ReportContext } from './layout';
import type { PreliminaryReportInput } from './preliminary-input';

const PAD = 22;

/**
 * What the Premium Report adds over this one. Its plans promise only the bands the survey's own
 * improvements reach: a home whose best step stays in its band is promised lower bills, not a band.
 */
export function premiumBenefits(currentRating: number, measures: readonly { epcTotal: number }[]): string[] {
  const best = Math.max(currentRating, ...measures.map((m) => m.epcTotal));
  const order = EPC_BANDS.map((b) => b.band);
  const from = order.indexOf(epcBand(currentRating));
  const to = order.indexOf(epcBand(best));
  // Better bands come first in EPC_BANDS: the ones reached are from the next better band up to the best.
  const reached = to < from ? order.slice(to, from).reverse() : [];
  const plans = reached.length
    ? `Improvement plans to reach band ${reached.length === 1 ? reached[0] : `${reached.slice(0, -1).join(', ')} or ${reached.at(-1)}`}, with the cost and rating after every step`
    : 'Improvement plans to lower your bills and carbon, with the cost and rating after every step';
  return [plans, "Your assessor's remarks on your home and on the improvements that suit it", `Delivered ${PREMIUM_DELIVERY}`];
}

function priceLine(pence: number | null): string | null {
  if (pence === null || !Number.isFinite(pence)) return null;
  return pence <= 0 ? `Free for your home (${PREMIUM_MARKETING_VALUE})` : `Price: ${formatPrice(pence)}`;
}

/** The call to action's words, before drawing: what is offered, and how the owner gets it. */
export interface CallToAction {
  title: string;
  intro: string;
  benefits: string[];
  /** Only where the owner can pay by card at the link. */
  price: string | null;
  /** What the owner does next, above the link or the assessor's contact lines. */
  how: string;
  /** The owner's link, where that is where they go next; null when they go to their assessor. */
  url: string | null;
  contact: string[];
  more: string | null;
  /** The owner's link under `more`, where it is not the next step itself. */
  moreUrl: string | null;
}

type OfferInput = Pick<
  PreliminaryReportInput,
  'survey' | 'premiumPricePence' | 'cardPayments' | 'visitBooking' | 'shareUrl' | 'assessor'
> & { measures: readonly (StepPoints & { epcTotal: number })[] };

/**
 * The next step this home can honestly be offered. A Premium report is sold only where the survey
 * recommends an improvement that adds points; its price and "order it online" only where the owner
 * can pay by card at the link, else they are sent to their assessor. A home with nothing to improve
 * is offered the visit that updates its EPC (booked at the link, or arranged with the assessor),
 * or nothing (null) when neither is possible.
 */
export function callToActionOf(input: OfferInput): CallToAction | null {
  const contact = input.assessor ? assessorContactLines(input.assessor) : [];
  const url = pdfText(input.shareUrl);
  const card = input.cardPayments === true;
  if (!premiumOnOffer(input.measures)) {
    const updateEpc = {
      title: 'Keep your EPC up to date',
      intro: "The survey recommends no improvement that would raise this home's rating, so there is no improvement plan to order.",
      benefits: [],
      price: null,
      more: null,
      moreUrl: null,
    };
    if (input.visitBooking)
      return {
        ...updateEpc,
        how: 'If you improve your home later, book a visit from your assessor to update your EPC at:',
        url,
        contact: [],
      };
    if (!contact.length) return null;
    return {
      ...updateEpc,
      how: 'If you improve your home later, ask your assessor to visit and update your EPC:',
      url: null,
      contact,
    };
  }
  const offer = {
    title: 'Upgrade to the Premium Report',
    intro: 'This Preliminary Report shows what the survey recommends. The Premium Report turns it into a plan for your home:',
    benefits: premiumBenefits(input.survey.energyRating.current, input.measures),
  };
  if (card)
    return {
      ...offer,
      price: priceLine(input.premiumPricePence),
      how: 'Order it online at:',
      url,
      contact: [],
      more: 'At the same address you can also ask recommended installers for quotes.',
      moreUrl: null,
    };
  // No card payment on this server: the owner cannot order it online, so no price either.
  const visit = input.visitBooking ? 'book a visit from your assessor and ' : '';
  return {
    ...offer,
    price: null,
    how: contact.length ? 'To order it, ask your assessor:' : 'To order it, ask your assessor.',
    url: null,
    contact,
    more: `Your report online, where you can also ${visit}ask recommended installers for quotes:`,
    moreUrl: url,
  };
}

/** Section 6: the next step for the owner, kept whole on one page; nothing when there is none. */
export function drawCallToAction(ctx: ReportContext): void {
  const { doc, theme, input } = ctx;
  const cta = callToActionOf(input);
  if (!cta) return;
  const fill = theme.accent;
  const ink = textOn(fill);
  const inner = CONTENT_WIDTH - 2 * PAD;
  const x = PAGE.margin + PAD;

  // Whatever words stand for it, each link in the box opens the owner's report online.
  const drawLink = (text: string, size: number) =>
    doc
      .font(FONT.bold)
      .fontSize(size)
      .fillColor(ink)
      .text(text, x, doc.y + 2, { width: inner, link: input.shareUrl, underline: true });
  const h = (text: string, font: string, size: number, width = inner) => doc.font(font).fontSize(size).heightOfString(text, { width });
  const benefitsHeight = cta.benefits.reduce((sum, b) => sum + h(b, FONT.regular, 10, inner - 20) + 6, 0);
  const height =
    PAD +
    12 +
    28 +
    h(cta.intro, FONT.regular, 10) +
    10 +
    benefitsHeight +
    (cta.price ? 26 : 4) +
    6 +
    h(cta.how, FONT.regular, 9) +
    (cta.url ? 2 + h(cta.url, FONT.bold, 10) : 0) +
    cta.contact.reduce((sum, line) => sum + 2 + h(line, FONT.bold, 10), 0) +
    (cta.more ? 8 + h(cta.more, FONT.regular, 8.5) : 0) +
    (cta.moreUrl ? 2 + h(cta.moreUrl, FONT.bold, 9) : 0) +
    PAD;

  const top = startBlock(ctx, height, 18);
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
    .text(cta.title, x, top + PAD + 13, { width: inner });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(cta.intro, x, doc.y + 6, { width: inner, lineGap: 1.5 });
  doc.y += 8;
  for (const benefit of cta.benefits) {
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
  if (cta.price) {
    doc
      .font(FONT.bold)
      .fontSize(14)
      .fillColor(ink)
      .text(cta.price, x, doc.y + 4, { width: inner });
    doc.y += 6;
  } else doc.y += 4;
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(ink)
    .text(cta.how, x, doc.y + 6, { width: inner });
  if (cta.url) drawLink(cta.url, 10);
  for (const line of cta.contact)
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(ink)
      .text(line, x, doc.y + 2, { width: inner });
  if (cta.more)
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(mix(ink, fill, 0.15))
      .text(cta.more, x, doc.y + 8, { width: inner, lineGap: 1 });
  if (cta.moreUrl) drawLink(cta.moreUrl, 9);
  doc.x = PAGE.margin;
  doc.y = top + height + 8;
}
