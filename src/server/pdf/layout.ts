import { PRODUCT_NAME } from '../../shared/constants';
import { contrast, INK, inkOf, mix, normaliseColour, textOn, WHITE } from '../../shared/colour';
import { pdfText } from './format';
import { isEmbeddableLogo } from '../platform/images/logo-check';
import type { PreliminaryReportInput, ReportBranding } from './preliminary-input';

export type Doc = PDFKit.PDFDocument;

/** An image pdfkit has opened (its typings leave `openImage` out). */
interface OpenedImage {
  width: number;
  height: number;
}

/** A4 in points, with room above and below the content for the running header and footer. */
export const PAGE = {
  width: 595.28,
  height: 841.89,
  margin: 50,
  top: 78,
  bottom: 66,
} as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const CONTENT_BOTTOM = PAGE.height - PAGE.bottom;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

export interface Theme {
  brand: string;
  /** The brand colour dark enough for text on white. */
  brandInk: string;
  /** The brand colour, or its darker ink when too pale to show as a fill on white paper. */
  accent: string;
  /** Text on a brand-coloured fill. */
  onBrand: string;
  /** A pale wash of the brand for panels and table headers. */
  tint: string;
  ink: string;
  muted: string;
  rule: string;
  panel: string;
}

export function makeTheme(colour: string): Theme {
  const brand = normaliseColour(colour);
  return {
    brand,
    brandInk: inkOf(brand),
    accent: contrast(brand, WHITE) >= 1.3 ? brand : inkOf(brand),
    onBrand: textOn(brand),
    tint: mix(brand, WHITE, 0.9),
    ink: INK,
    muted: '#5b6773',
    rule: '#d5dce3',
    panel: '#f4f6f8',
  };
}

/** What every drawing helper needs, whichever report it draws: the document, the colours, the branding. */
export interface DrawContext {
  doc: Doc;
  theme: Theme;
  companyName: string;
  /** Opened once: pdfkit embeds an image object once however many pages show it. */
  logo: OpenedImage | null;
}

/** The facts about the home that both reports show the same way. */
export type HomeContext = DrawContext & { input: Pick<PreliminaryReportInput, 'survey' | 'councilTax' | 'reportName'> };

/** What every Preliminary section draws with: the drawing context and the report's facts. */
export interface ReportContext extends DrawContext {
  input: PreliminaryReportInput;
}

export function createContext<I extends { branding: ReportBranding }>(doc: Doc, input: I): DrawContext & { input: I } {
  let logo: DrawContext['logo'] = null;
  if (input.branding.logo && isEmbeddableLogo(input.branding.logo.data)) {
    try {
      logo = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(input.branding.logo.data);
    } catch {
      // A logo pdfkit cannot decode must not cost the owner their report: the name stands in.
      logo = null;
    }
  }
  return {
    doc,
    theme: makeTheme(input.branding.colour),
    input,
    companyName: pdfText(input.branding.companyName) || PRODUCT_NAME,
    logo,
  };
}

/** Starts a new page unless `height` points still fit below the cursor. */
export function ensureSpace(ctx: DrawContext, height: number): void {
  if (ctx.doc.y + height > CONTENT_BOTTOM) ctx.doc.addPage();
}

/**
 * Where a box of `height` points kept whole on one page begins: `gap` below what came before, or
 * at the top of a new page (without the gap) when it does not fit. Returns the box's top.
 */
export function startBlock(ctx: DrawContext, height: number, gap: number): number {
  ctx.doc.y += gap;
  ensureSpace(ctx, height);
  return ctx.doc.y;
}

/** The upright bar in the brand's colour at the left margin that marks a heading or a box. */
export function accentBar(ctx: DrawContext, y: number, height: number): void {
  ctx.doc.rect(PAGE.margin, y, 4, height).fill(ctx.theme.accent);
}

export function sectionHeading(ctx: DrawContext, title: string, intro?: string, keepWith = 120): void {
  const { doc, theme } = ctx;
  const introHeight = intro ? doc.font(FONT.regular).fontSize(9.5).heightOfString(intro, { width: CONTENT_WIDTH }) + 6 : 0;
  ensureSpace(ctx, 34 + introHeight + keepWith);
  if (doc.y > PAGE.top + 1) doc.y += 14;
  const y = doc.y;
  accentBar(ctx, y + 2, 16);
  doc
    .font(FONT.bold)
    .fontSize(15)
    .fillColor(theme.ink)
    .text(title, PAGE.margin + 12, y, { width: CONTENT_WIDTH - 12 });
  // A title typed by a person (a plan's or a measure's name) may wrap; what follows goes below it.
  doc.y = Math.max(y + 28, doc.y + 10);
  if (intro) {
    doc.font(FONT.regular).fontSize(9.5).fillColor(theme.muted).text(intro, PAGE.margin, doc.y, { width: CONTENT_WIDTH, lineGap: 1.5 });
    doc.y += 8;
  }
}

export function subHeading(ctx: DrawContext, title: string, keepWith = 60): void {
  const { doc, theme } = ctx;
  ensureSpace(ctx, 30 + keepWith);
  doc.y += 14;
  doc.font(FONT.bold).fontSize(11).fillColor(theme.brandInk).text(title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.y += 6;
}

/** Label and value pairs in two columns, for facts such as floor area and UPRN. */
export function factGrid(ctx: DrawContext, facts: [string, string][], columns = 2): void {
  const { doc, theme } = ctx;
  const gap = 16;
  const colWidth = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
  for (let i = 0; i < facts.length; i += columns) {
    const row = facts.slice(i, i + columns);
    const heights = row.map(([, value]) => doc.font(FONT.bold).fontSize(10.5).heightOfString(value, { width: colWidth }) + 16);
    const rowHeight = Math.max(...heights) + 8;
    ensureSpace(ctx, rowHeight);
    const y = doc.y;
    row.forEach(([label, value], c) => {
      const x = PAGE.margin + c * (colWidth + gap);
      doc.font(FONT.regular).fontSize(8).fillColor(theme.muted).text(label.toUpperCase(), x, y, { width: colWidth, characterSpacing: 0.4 });
      doc
        .font(FONT.bold)
        .fontSize(10.5)
        .fillColor(theme.ink)
        .text(value, x, y + 12, { width: colWidth });
    });
    doc
      .moveTo(PAGE.margin, y + rowHeight - 4)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y + rowHeight - 4)
      .lineWidth(0.5)
      .strokeColor(theme.rule)
      .stroke();
    doc.y = y + rowHeight + 2;
  }
}

export function paragraph(ctx: DrawContext, text: string, opts: { size?: number; colour?: string; gapAfter?: number } = {}): void {
  const { doc, theme } = ctx;
  doc.font(FONT.regular).fontSize(opts.size ?? 9.5);
  ensureSpace(ctx, doc.heightOfString(text, { width: CONTENT_WIDTH }) + 4);
  doc.fillColor(opts.colour ?? theme.ink).text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH, lineGap: 1.5 });
  doc.y += opts.gapAfter ?? 6;
}

/** The logo scaled into a box, keeping its proportions; returns the width used. */
export function drawLogo(ctx: DrawContext, x: number, y: number, maxWidth: number, maxHeight: number): number {
  const logo = ctx.logo;
  if (!logo) return 0;
  const scale = Math.min(maxWidth / logo.width, maxHeight / logo.height);
  const width = logo.width * scale;
  try {
    ctx.doc.image(logo as unknown as Buffer, x, y + (maxHeight - logo.height * scale) / 2, { width, height: logo.height * scale });
  } catch {
    // A logo whose header read but whose data does not: the name stands in from here on.
    ctx.logo = null;
    return 0;
  }
  return width;
}

/** Shortens `text` with an ellipsis to fit `width` in the current font. */
export function fitText(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
