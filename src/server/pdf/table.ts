import { textOn } from '../../shared/colour';
import { CONTENT_BOTTOM, CONTENT_WIDTH, FONT, PAGE, type DrawContext } from './layout';

export interface Column {
  header: string;
  /** Points; one column may be 0 to take what the others leave. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Cell {
  text: string;
  bold?: boolean;
  colour?: string;
  /** A drawing (stars, a band chip) in place of the text; `text` still sets the row height. */
  draw?: (ctx: DrawContext, box: Box) => void;
}

export interface TableOptions {
  /** Rows at the end shown as totals: bold, on a tinted band. */
  totalRows?: number;
  fontSize?: number;
  /** Room kept below the last row for what must follow it (a footnote), so that never starts a page alone. */
  keepWithLast?: number;
}

/** A cell's padding left and right, in points. */
export const PAD_X = 6;
/** A cell's padding above and below, in points. */
const PAD_Y = 5;

/**
 * A table that breaks across pages: a row never splits, and every page it continues on starts
 * with the column headers again so a long list of measures stays readable.
 */
export function drawTable(ctx: DrawContext, columns: Column[], rows: (string | Cell)[][], opts: TableOptions = {}): void {
  const { doc, theme } = ctx;
  const size = opts.fontSize ?? 9;
  const fixed = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width === 0 ? CONTENT_WIDTH - fixed : c.width));
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const cells = rows.map((row) => row.map((c): Cell => (typeof c === 'string' ? { text: c } : c)));

  const firstTotal = cells.length - (opts.totalRows ?? 0);
  const isTotalRow = (r: number) => r >= firstTotal;
  /** Total rows are drawn bold throughout, so they are measured bold: bold text is wider and can take another line. */
  const fontOf = (cell: Cell, r: number) => (cell.bold || isTotalRow(r) ? FONT.bold : FONT.regular);
  const rowHeight = (row: Cell[], r: number) =>
    Math.max(
      ...row.map((cell, i) =>
        doc
          .font(fontOf(cell, r))
          .fontSize(size)
          .heightOfString(cell.text || ' ', { width: widths[i] - 2 * PAD_X }),
      ),
    ) +
    2 * PAD_Y;

  const headerHeights = columns.map((c, i) =>
    doc
      .font(FONT.bold)
      .fontSize(8)
      .heightOfString(c.header, { width: widths[i] - 2 * PAD_X }),
  );
  const headerHeight = Math.max(...headerHeights) + 2 * PAD_Y;

  const drawHeader = () => {
    const y = doc.y;
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, headerHeight).fill(theme.accent);
    columns.forEach((c, i) => {
      doc
        .font(FONT.bold)
        .fontSize(8)
        .fillColor(textOn(theme.accent))
        .text(c.header, xs[i] + PAD_X, y + (headerHeight - headerHeights[i]) / 2, {
          width: widths[i] - 2 * PAD_X,
          align: c.align ?? 'left',
        });
    });
    doc.y = y + headerHeight;
  };

  // The header never sits alone at the foot of a page (nor with a last row that must move on with its footnote).
  const heights = cells.map(rowHeight);
  const firstNeeds = cells[0] ? heights[0] + (cells.length === 1 ? (opts.keepWithLast ?? 0) : 0) : 0;
  if (doc.y + headerHeight + firstNeeds > CONTENT_BOTTOM) doc.addPage();
  drawHeader();

  cells.forEach((row, r) => {
    const height = heights[r];
    const below = r === cells.length - 1 ? (opts.keepWithLast ?? 0) : 0;
    if (doc.y + height + below > CONTENT_BOTTOM) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    if (isTotalRow(r)) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(theme.tint);
    else if (r % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(theme.panel);
    row.forEach((cell, i) => {
      const box = { x: xs[i] + PAD_X, y: y + PAD_Y, width: widths[i] - 2 * PAD_X, height: height - 2 * PAD_Y };
      if (cell.draw) cell.draw(ctx, box);
      else {
        doc
          .font(fontOf(cell, r))
          .fontSize(size)
          .fillColor(cell.colour ?? theme.ink)
          .text(cell.text, box.x, box.y, { width: box.width, align: columns[i].align ?? 'left' });
      }
    });
    doc
      .moveTo(PAGE.margin, y + height)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y + height)
      .lineWidth(0.5)
      .strokeColor(theme.rule)
      .stroke();
    doc.y = y + height;
  });
  doc.x = PAGE.margin;
}
