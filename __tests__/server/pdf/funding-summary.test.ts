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
    // The heat pump is estimated at £800 - £1,200: a grant never pays more than the work costs at either end.
    expect(text).toContain('This home may be eligible for up to £800 – £1,200 in grants towards these improvements.');
    expect(text).toContain('in force on 25 November 2026, last checked 2 July 2026');
    expect(text).toContain('nothing here is a promise');
    expect(text).toContain('Boiler Upgrade Scheme (England and Wales): up to £7,500');
    expect(text).toContain('For these measures: up to £800 – £1,200, never more than the eligible work costs.');
    expect(text).toContain('https://www.gov.uk/apply-boiler-upgrade-scheme/what-you-can-get');
    expect(text).toContain('Energy Company Obligation (ECO4) (England, Scotland and Wales): may pay for the work');
    expect(text).toContain('Warm Homes: Local Grant (England): may pay for the work');
    expect(text).toContain('your household income is £31,000 or less');
    expect(text).toContain('No VAT on installed energy-saving materials (UK-wide): 0% VAT instead of 20%');
    expect(text).toContain("The survey's cost estimates do not say whether they include VAT, so this relief is not taken off them");
    expect(text).not.toContain('If you let this home');
  });

  it('a report dated after an end date shows what replaced it', async () => {
    const text = await pdfText({}, '2027-04-02');
    expect(text).toContain('Reduced VAT on installed energy-saving materials (UK-wide): 5% VAT instead of 20%');
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

  it('a Scottish owner: the Home Energy Scotland loan is a way to pay, with its rate and term, and is not counted in the grants', async () => {
    const text = await pdfText({ country: 'SCT', tenure: 'owner-occupied' }, '2026-11-25');
    expect(text).toContain('Home Energy Scotland Loan (Scotland): an interest-free loan of up to £7,500, term set by the lender');
    expect(text).toContain('A loan is repaid, so it is not taken off any cost in this report.');
    // Low end: £800 (the heat pump's whole cost) + 75% of £500 and of £100; high end: £1,200 + £1,125 + £262.
    expect(text).toContain('This home may be eligible for up to £1,250 – £2,587 in grants towards these improvements.');
  });

  it('an England-and-Wales survey at a London postcode shows no Welsh scheme; at a Cardiff one, Nest labelled Wales', async () => {
    const eaw = (postcode: string) =>
      pdfText(
        { country: 'EAW', energyRating: { current: 50, potential: 80 }, address: { ...makeSurvey().address, postcode } },
        '2026-11-25',
      );
    const london = await eaw('SW1A 1AA');
    expect(london).not.toContain('Nest');
    expect(london).toContain('Warm Homes: Local Grant (England)');
    const cardiff = await eaw('CF10 1AA');
    expect(cardiff).toContain('Warm Homes Nest (Wales): may pay for the work');
    expect(cardiff).not.toContain('Local Grant');
  });

  it('is left out when no funding is given', async () => {
    const text = flat(readPdf(await renderPreliminaryPdf(makeInput())).text);
    expect(text).not.toContain('Help paying for the improvements');
  });
});
