import { formatPrice } from '../../shared/money';
import type { FundingReport } from '../funding/funding-report';
import { longDate } from '../funding/summary';
import { pdfText } from './format';
import { CONTENT_WIDTH, ensureSpace, FONT, PAGE, paragraph, sectionHeading, subHeading, type DrawContext } from './layout';

export function fundingHeadline(funding: FundingReport): string {
  return funding.totalPence > 0
    ? `This home may be eligible for up to ${formatPrice(funding.totalPence)} in grants towards these improvements.`
    : 'This home may be eligible for help towards these improvements from the schemes below.';
}

/**
 * A short funding summary: per scheme, what it may pay, for which measures and on what condition,
 * with its official page; and for a rented home, the letting rules. Nothing here is a promise.
 */
export function drawFundingSummary(ctx: DrawContext, funding: FundingReport | null | undefined): void {
  if (!funding || (funding.schemes.length === 0 && funding.lettingLines.length === 0)) return;
  const { doc, theme } = ctx;
  const checked = funding.schemes[0]?.checkedOn;
  sectionHeading(
    ctx,
    'Help paying for the improvements',
    `${fundingHeadline(funding)} Schemes and rules in force on ${longDate(funding.onDate)}${checked ? `, last checked ${longDate(checked)}` : ''}. Each scheme decides for itself: nothing here is a promise.`,
  );
  for (const s of funding.schemes) {
    const detail = pdfText(`For: ${s.measures.join('; ')}. ${capitalise(s.condition)}.${s.caveat ? ` Check: ${s.caveat}` : ''}`);
    doc.font(FONT.regular).fontSize(8.5);
    ensureSpace(ctx, 16 + doc.heightOfString(detail, { width: CONTENT_WIDTH }) + 14);
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(theme.ink)
      .text(pdfText(`${s.scheme}: ${s.amounts.join(', or ')}`), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(theme.ink)
      .text(detail, PAGE.margin, doc.y + 1, { width: CONTENT_WIDTH, lineGap: 1 });
    doc.fillColor(theme.brandInk).text(s.url, PAGE.margin, doc.y + 1, { width: CONTENT_WIDTH, link: s.url, underline: true });
    doc.y += 6;
  }
  if (funding.lettingLines.length > 0) {
    subHeading(ctx, 'If you let this home');
    for (const line of funding.lettingLines) paragraph(ctx, pdfText(line), { size: 8.5 });
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
