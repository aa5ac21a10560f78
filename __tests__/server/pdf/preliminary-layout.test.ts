import { renderPreliminaryPdf } from '../../../src/server/pdf/render-preliminary';
import { readPdf } from './pdf-reader';
import { makeInput, makeMeasures } from './report-factory';

const NOTE = 'Costs are indicative, from the survey';
const SUMMARY = 'Carrying out all';

describe('the Preliminary PDF keeps notes with their table', () => {
  it('never starts a page with the measures summary or its note, however many measures push the table down', async () => {
    for (let count = 1; count <= 40; count++) {
      const { pages } = readPdf(await renderPreliminaryPdf(makeInput({ measures: makeMeasures(count) })));
      const at = pages.findIndex((page) => page.includes(NOTE));
      expect(at).toBeGreaterThan(0);
      // Same page as the summary above it and at least one row of the table (its 'Cost so far' column has £ ranges).
      expect(pages[at]).toContain(SUMMARY);
      expect(pages[at].slice(0, pages[at].indexOf(SUMMARY))).toMatch(/£[\d,]+ – £[\d,]+\s*$/m);
    }
  });
});
