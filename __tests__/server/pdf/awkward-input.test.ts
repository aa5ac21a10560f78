import { renderPreliminaryPdf } from '../../../src/server/pdf/render-preliminary';
import { linesWith, readPdf } from './pdf-reader';
import { makeInput, makeMeasures, makeSurvey } from './report-factory';

describe('the Preliminary Report PDF with awkward input', () => {
  it('fits a very long address on the cover without spilling onto another page', async () => {
    const reportName =
      'Flat 12b, The Old Grain Warehouse Conversion, Upper Riverside Industrial Estate, 147-153 Long Meadow Lane, Little Snoring on the Marsh, Great Yarmouth, NR21 0AB';
    const normal = readPdf(await renderPreliminaryPdf(makeInput()));
    const { pages } = readPdf(await renderPreliminaryPdf(makeInput({ reportName })));
    expect(pages).toHaveLength(normal.pages.length);
    const cover = pages[0].replace(/\s+/g, ' ');
    expect(cover).toContain('Flat 12b, The Old Grain Warehouse Conversion');
    expect(cover).toContain('NR21 0AB');
    expect(cover).toContain('Page 1 of');
  });

  it('shows a dash for what the survey does not record, and no council tax band without one', async () => {
    const survey = makeSurvey({
      uprn: null,
      propertyType: null,
      floorAreaM2: null,
      inspectionDate: null,
      assessorName: null,
      assessorId: null,
      rrn: null,
      co2: { current: null, potential: null },
      runningCosts: [],
      summary: [],
    });
    const { text } = readPdf(await renderPreliminaryPdf(makeInput({ survey, councilTax: null })));
    expect(linesWith(text, '—', '—').length).toBeGreaterThan(0);
    expect(text).not.toContain('Band ');
    expect(text).toContain('does not record running costs');
    expect(text).not.toContain('null');
    expect(text).not.toContain('undefined');
    expect(text).not.toContain('NaN');
  });

  it('shows custom measure names and characters outside the standard fonts readably', async () => {
    const [first, second] = makeMeasures(2);
    const measures = [
      { ...first, code: 'Fit “A-rated” doors', name: 'Fit “A-rated” doors – front & back' },
      { ...second, implementationCost: '2000', costTotal: '' },
    ];
    const { text } = readPdf(
      await renderPreliminaryPdf(makeInput({ measures, reportName: 'Tŷ Newydd, Ffordd yr Eglwys, Llanfair, LL55 4AB' })),
    );
    expect(text).toContain('Fit “A-rated” doors – front & back');
    expect(text).toContain('Ty Newydd, Ffordd yr Eglwys');
    expect(linesWith(text, second.name, '£2,000', '—')).toHaveLength(1);
  });
});
