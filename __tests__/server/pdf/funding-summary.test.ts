import { fundingReportOf } from '../../../src/server/funding/funding-report';
import { renderPreliminaryPdf } from '../../../src/server/pdf/render-preliminary';
import type { Survey } from '../../../src/server/surveys/epc/survey';
import { readPdf } from './pdf-reader';
import { makeInput, makeMeasures, makeSurvey } from './report-factory';

const flat = (text: string) => text.replace(/\s+/g, ' ');
const measures = makeMeasures(3).map((m, i) => ({
  ...m,
  code: ['6', '5', '51'][i],
  name: ['Cavity wall insulation', 'Loft insulation', 'Air or ground source heat pump'][i],
}));

async function pdfText(survey: Partial<Survey>, day: string) {
  const s = makeSurvey({ mainFuel: 'mains-gas', mainsGas: true, tenure: 'owner-occupied', ...survey });
  const funding = fundingReportOf(s, measures, new Date(`${day}T12:00:00Z`));
  return flat(readPdf(await renderPreliminaryPdf(makeInput({ survey: s, measures, funding }))).text);
}

describe('the funding summary in the Preliminary PDF', () => {
  it("says what the home may be eligible for, per scheme, with each scheme's condition and official page", async () => {
    const text = await pdfText({}, '2026-11-25');
    expect(text).toContain('Help paying for the improvements');
    expect(text).toContain('This home may be eligible for up to £7,500 in grants towards these improvements.');
    expect(text).toContain('in force on 25 November 2026, last checked 2 July 2026');
    expect(text).toContain('nothing here is a promise');
    expect(text).toContain('Boiler Upgrade Scheme: up to £7,500');
    expect(text).toContain('https://www.gov.uk/apply-boiler-upgrade-scheme/what-you-can-get');
    expect(text).toContain('Energy Company Obligation (ECO4): may pay for the work');
    expect(text).toContain('your household income is £31,000 or less');
    expect(text).toContain('No VAT on installed energy-saving materials: 0% VAT instead of 20%');
    expect(text).not.toContain('If you let this home');
  });

  it('a report dated after an end date shows what replaced it', async () => {
    const text = await pdfText({}, '2027-04-02');
    expect(text).toContain('Reduced VAT on installed energy-saving materials: 5% VAT instead of 20%');
    expect(text).not.toContain('0% VAT');
    expect(text).not.toContain('ECO4');
  });

  it('Scotland: no Boiler Upgrade Scheme; a private let is told the Scottish standard is only a proposal', async () => {
    const text = await pdfText({ country: 'SCT', tenure: 'rented-private' }, '2026-11-25');
    expect(text).not.toContain('Boiler Upgrade Scheme');
    expect(text).toContain('If you let this home');
    expect(text).toContain('Scotland (a proposal, not yet law)');
  });

  it('a private let in England: the E minimum with its £3,500 cap, and the 2030 target said to need legislation', async () => {
    const text = await pdfText({ tenure: 'rented-private', energyRating: { current: 35, potential: 80 } }, '2026-11-25');
    expect(text).toContain('this home is below the minimum of band E');
    expect(text).toContain('£3,500 including VAT');
    expect(text).toContain('From 1 October 2030');
    expect(text).toContain('£10,000 cap');
    expect(text).toContain('still needs an Act of Parliament');
  });

  it('is left out when no funding is given', async () => {
    const text = flat(readPdf(await renderPreliminaryPdf(makeInput())).text);
    expect(text).not.toContain('Help paying for the improvements');
  });
});
