import { renderPremiumPdf } from '../../../src/server/pdf/premium/render-premium';
import { readPdf } from './pdf-reader';
import { premiumInputFrom } from './premium-factory';

const HEADINGS = [
  'Where your home is now',
  'Where each plan takes it',
  'Letting your home',
  'What takes it to band C',
  "Your assessor's remarks",
  'What it is',
  'What it involves',
  'Typical cost',
  'What it changes',
  'Find an installer',
  'Next steps',
];
const TABLE_HEADER = /^(?:Step\s+Improvement|Plan\s+Steps)/;
/** Lines that belong to what comes before them. */
const FOLLOWERS = ['The ratings after each step', '— Jane Harper', 'Together these', 'Together this', 'Your priority, as you told us'];

/** A page's own lines, without the running header (two lines after the cover) and the footer. */
function contentLines(page: string, index: number): string[] {
  const lines = page
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.slice(index === 0 ? 0 : 2, -1);
}

describe('the Premium Report layout', () => {
  it('never leaves a heading at the foot of a page or a footnote alone at the top, wherever the page breaks fall', async () => {
    const base = premiumInputFrom('RdSAP-Schema-S-18.0__epc.xml');
    let checked = 0;
    // The rows of the plan table and of the letting table move every later heading down by a row's height.
    for (const plans of [0, 2, 3]) {
      for (let toReachC = 1; toReachC <= base.measures.length; toReachC++) {
        const lines = 8 + (toReachC % 2) * 32;
        const remarks = Array.from({ length: lines }, (_, i) => `Remark ${i + 1}: keep the vents on the north wall clear.`).join('\n');
        const letting = { minimumBand: 'E', meetsMinimum: true, toReachC: base.measures.slice(0, toReachC) };
        const { pages } = readPdf(await renderPremiumPdf({ ...base, plans: base.plans.slice(0, plans), remarks, letting }));
        pages.forEach((page, i) => {
          const content = contentLines(page, i);
          const where = { plans, toReachC, page: i + 1 };
          // A heading needs at least two lines of what it heads below it, and a table's header a row.
          const endsWithHeading =
            content.slice(-2).some((line) => HEADINGS.includes(line)) || TABLE_HEADER.test(content[content.length - 1]);
          expect({ ...where, endsWithHeading }).toEqual({ ...where, endsWithHeading: false });
          const startsWithFollower = i > 0 && FOLLOWERS.some((f) => content[0].startsWith(f));
          expect({ ...where, startsWithFollower }).toEqual({ ...where, startsWithFollower: false });
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(27 * 10);
  });

  it('keeps every line of the longest remarks allowed, each on its own line, across a page break', async () => {
    const remarks = Array.from({ length: 50 }, (_, i) => `${String(i + 1).padStart(2, '0')} ${'x'.repeat(69)}`).join('\n');
    const { pages } = readPdf(await renderPremiumPdf(premiumInputFrom('RdSAP-Schema-S-18.0__epc.xml', { remarks })));
    const start = pages.findIndex((p) => p.includes("Your assessor's remarks"));
    const text = pages.slice(start, start + 3).join('\n');
    for (let i = 1; i <= 50; i++) {
      expect(text.split('\n').filter((l) => l.trim() === `${String(i).padStart(2, '0')} ${'x'.repeat(69)}`)).toHaveLength(1);
    }
  });
});
