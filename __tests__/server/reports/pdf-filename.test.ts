import { reportPdfFilename } from '../../../src/server/reports/pdf-filename';
import { REPORT_TYPE } from '../../../src/shared/states';

describe('the name a report PDF downloads under', () => {
  it('is the property in readable words, postcode in capitals', () => {
    expect(reportPdfFilename('28-29 ST MARY STREET, CF10 1AB', REPORT_TYPE.preliminary)).toBe(
      'EPC-report-28-29-St-Mary-Street-CF10-1AB.pdf',
    );
    expect(reportPdfFilename('Flat 2, 14 Queen’s Road, Leeds, ls6 1aa', REPORT_TYPE.premium)).toBe(
      'EPC-Premium-report-Flat-2-14-Queen-s-Road-Leeds-LS6-1AA.pdf',
    );
  });

  it('is plain ASCII whatever the address holds, and never empty or endless', () => {
    expect(reportPdfFilename('Tŷ Newydd, Ffordd yr Eglwys, LL55 4AB', REPORT_TYPE.preliminary)).toBe(
      'EPC-report-Ty-Newydd-Ffordd-Yr-Eglwys-LL55-4AB.pdf',
    );
    expect(reportPdfFilename('"; rm -rf / #', REPORT_TYPE.preliminary)).toBe('EPC-report-Rm-Rf.pdf');
    expect(reportPdfFilename('', REPORT_TYPE.preliminary)).toBe('EPC-report.pdf');
    const long = reportPdfFilename(`${'Long Lane '.repeat(100)}, AB1 2CD`, REPORT_TYPE.preliminary);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long).toMatch(/^EPC-report-[A-Za-z0-9-]+[A-Za-z0-9]\.pdf$/);
  });
});
