import { EPC_BAND_COLOURS, epcBand, isEpcBand, type EpcBand } from '../../shared/epc-bands';
import { textOn } from '../../shared/colour';
import { FONT, type DrawContext } from './layout';

/** A rating as a small pill in its band's colour, e.g. '72 C'; returns its width. */
export function drawBandChip(
  ctx: DrawContext,
  x: number,
  y: number,
  value: number,
  band: EpcBand,
  size = 8.5,
  palette: Record<EpcBand, string> = EPC_BAND_COLOURS,
): number {
  const { doc } = ctx;
  const colour = palette[band];
  const label = `${Math.round(value)} ${band}`;
  doc.font(FONT.bold).fontSize(size);
  const width = doc.widthOfString(label) + 12;
  const height = size + 6;
  doc.roundedRect(x, y, width, height, height / 2).fill(colour);
  doc.fillColor(textOn(colour)).text(label, x, y + 3.2, { width, align: 'center', lineBreak: false });
  return width;
}

/** The band letter in a square with the points beside it, for the cover's at-a-glance ratings. */
export function drawBandTile(
  ctx: DrawContext,
  x: number,
  y: number,
  label: string,
  value: number,
  band: EpcBand,
  palette: Record<EpcBand, string> = EPC_BAND_COLOURS,
): void {
  const { doc, theme } = ctx;
  const colour = palette[band];
  doc.font(FONT.regular).fontSize(8).fillColor(theme.muted).text(label.toUpperCase(), x, y, { characterSpacing: 0.4, lineBreak: false });
  doc.roundedRect(x, y + 14, 34, 34, 4).fill(colour);
  doc
    .font(FONT.bold)
    .fontSize(22)
    .fillColor(textOn(colour))
    .text(band, x, y + 21, { width: 34, align: 'center', lineBreak: false });
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(theme.ink)
    .text(String(Math.round(value)), x + 42, y + 17, { lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(theme.muted)
    .text('points', x + 42, y + 37, { lineBreak: false });
}

/** A measure's band as given, or worked out from its points when it is not a band letter. */
export function asBand(letter: string, points: number): EpcBand {
  return isEpcBand(letter) ? letter : epcBand(points);
}
