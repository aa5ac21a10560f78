import type { PreliminaryReportInput } from '../../../src/server/pdf/render-preliminary';
import type { PremiumReportInput } from '../../../src/server/pdf/premium-input';
import { premiumInputFrom } from './premium-factory';
import { makeInput, makeMeasures, tinyPng } from './report-factory';

interface Renderers {
  preliminary(input: PreliminaryReportInput): Promise<Buffer>;
  premium(input: PremiumReportInput): Promise<Buffer>;
}

/** The renderers on a pdfkit of their own: as shipped, or (keep = false) with pdfkit's own font metrics handling. */
function renderers(keep: boolean): Renderers {
  let loaded!: Renderers;
  jest.isolateModules(() => {
    // A mock stays registered after isolateModules: the renderers as shipped undo an earlier one.
    if (keep) jest.dontMock('../../../src/server/pdf/font-metrics');
    else jest.doMock('../../../src/server/pdf/font-metrics', () => ({ keepStandardFontMetrics: () => {} }));
    /* eslint-disable @typescript-eslint/no-require-imports */
    const preliminary =
      require('../../../src/server/pdf/render-preliminary') as typeof import('../../../src/server/pdf/render-preliminary');
    const premium =
      require('../../../src/server/pdf/premium/render-premium') as typeof import('../../../src/server/pdf/premium/render-premium');
    /* eslint-enable @typescript-eslint/no-require-imports */
    loaded = { preliminary: preliminary.renderPreliminaryPdf, premium: premium.renderPremiumPdf };
  });
  return loaded;
}

/** The PDF without what differs between any two renders: its creation time and the file id made from it. */
const comparable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');

describe('standard font metrics kept per thread', () => {
  const inputs = [
    makeInput(),
    makeInput({ measures: makeMeasures(40), reportName: 'Flat 3, Ŵyn Court, Ffordd Ŷr, CF10 1AB' }),
    makeInput({ branding: { companyName: 'Harper Energy', colour: '#1d6b3a', logo: { data: tinyPng(), type: 'png' } } }),
  ];

  it('draws Preliminary reports byte for byte as pdfkit alone does, the first and every one after', async () => {
    const kept = renderers(true);
    const plain = renderers(false);
    // Twice over: the first pass parses the fonts, the second uses what was kept.
    for (const input of [...inputs, ...inputs])
      expect(comparable(await kept.preliminary(input))).toBe(comparable(await plain.preliminary(input)));
  });

  it('draws a Premium report (with italic text) byte for byte as pdfkit alone does', async () => {
    const kept = renderers(true);
    const plain = renderers(false);
    const input = { ...premiumInputFrom('RdSAP-Schema-S-18.0__epc.xml'), remarks: 'Keep the vents on the north wall clear.' };
    await kept.preliminary(makeInput());
    // Twice: the second is drawn from what the first kept (its remarks are measured with a line gap).
    for (let pass = 0; pass < 2; pass++) expect(comparable(await kept.premium(input))).toBe(comparable(await plain.premium(input)));
  });
});
