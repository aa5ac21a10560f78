import { CONTENT_WIDTH, FONT, PAGE } from '../layout';
import type { PremiumContext } from './premium-context';

/** The small capitals above a page's heading that say where the reader is ('PLAN 2 OF 4'). */
export function drawKicker(ctx: PremiumContext, text: string): void {
  const { doc, theme } = ctx;
  doc
    .font(FONT.bold)
    .fontSize(8.5)
    .fillColor(theme.brandInk)
    .text(text.toUpperCase(), PAGE.margin, doc.y, { characterSpacing: 0.5, width: CONTENT_WIDTH });
  // The heading below adds its own gap after anything above it; the kicker belongs to the heading.
  doc.y -= 8;
}
