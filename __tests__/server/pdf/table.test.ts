import { renderPdfDocument } from '../../../src/server/pdf/document';
import { FONT, makeTheme, type Doc } from '../../../src/server/pdf/layout';
import { PAD_X, drawTable, type Cell } from '../../../src/server/pdf/table';
import { readPdf } from './pdf-reader';

const LABEL = 'Total estimated running costs per year';

/** How far down the page a one-row table (header and a row) ends, and the PDF it drew. */
async function tableBottom(row: Cell[], totalRows: number): Promise<{ bottom: number; text: string }> {
  let bottom = 0;
  const pdf = await renderPdfDocument({ title: 'Table', author: 'Test', subject: 'Table' }, (doc: Doc) => {
    // A first column just wide enough for the label in the regular font: in bold it takes two lines.
    const width = doc.font(FONT.regular).fontSize(9).widthOfString(LABEL) + 2 * PAD_X + 1;
    expect(doc.font(FONT.bold).fontSize(9).widthOfString(LABEL)).toBeGreaterThan(width - 2 * PAD_X);
    const ctx = { doc, theme: makeTheme('#2360b1'), companyName: 'Test', logo: null };
    drawTable(
      ctx,
      [
        { header: 'Item', width },
        { header: 'Cost', width: 0, align: 'right' },
      ],
      [row],
      { totalRows },
    );
    bottom = doc.y;
  });
  return { bottom, text: readPdf(pdf).text };
}

it('measures a total row in the bold it is drawn in, so a label that wraps in bold gets the room for its second line', async () => {
  const regular = await tableBottom([{ text: LABEL }, { text: '£1,234' }], 0);
  const bold = await tableBottom([{ text: LABEL, bold: true }, { text: '£1,234' }], 0);
  const total = await tableBottom([{ text: LABEL }, { text: '£1,234' }], 1);
  // The bold label takes a second line: its row is taller than the regular one by a line.
  expect(bold.bottom).toBeGreaterThan(regular.bottom + 8);
  expect(total.bottom).toBeCloseTo(bold.bottom, 5);
  expect(total.text).toMatch(/Total estimated running costs per/);
  expect(total.text).toMatch(/\byear\b/);
});
