import { callToActionOf, premiumBenefits } from '../../../src/server/pdf/call-to-action';
import { renderPreliminaryPdf } from '../../../src/server/pdf/render-preliminary';
import { readPdf } from './pdf-reader';
import { makeInput, makeMeasures, makeSurvey } from './report-factory';

const flat = (text: string) => text.replace(/\s+/g, ' ');
const lastPage = async (input: Parameters<typeof renderPreliminaryPdf>[0]) => {
  const { pages } = readPdf(await renderPreliminaryPdf(input));
  return flat(pages[pages.length - 1]);
};

describe("the Preliminary's call to action offers only what the owner can have", () => {
  it('with card payment on: the price and "order it online" at the link', async () => {
    const page = await lastPage(makeInput());
    expect(page).toContain('Upgrade to the Premium Report');
    expect(page).toContain('Price: £149');
    expect(page).toContain('Order it online at: https://app.epcplus.co.uk/s/1042/12-epc-street-st-albans');
  });

  it("with no card payment: no price, no 'order online', and the assessor's name, phone and email to order it from", async () => {
    const page = await lastPage(makeInput({ cardPayments: false }));
    expect(page).toContain('Upgrade to the Premium Report');
    expect(page).not.toMatch(/Price|£149|Order it online/);
    expect(page).toContain('To order it, ask your assessor: Harriet Harper Phone: 01727 000123 Email: harriet@harper-energy.example');
    // The link is still where the free report lives; it offers no purchase here, so none is claimed.
    expect(page).toContain('ask recommended installers for quotes: https://app.epcplus.co.uk/s/1042/12-epc-street-st-albans');
    expect(page).not.toContain('book a visit');
    expect(await lastPage(makeInput({ cardPayments: false, visitBooking: true }))).toContain('book a visit from your assessor');
  });

  it('leaves card payment off when the input does not say it is on', async () => {
    const { cardPayments, ...unsaid } = makeInput();
    expect(cardPayments).toBe(true);
    expect(await lastPage(unsaid)).not.toMatch(/Price|Order it online/);
  });

  it('sells no plan for a home whose survey recommends nothing that adds points: the visit, or nothing', async () => {
    const survey = makeSurvey({ energyRating: { current: 79, potential: 98 }, improvements: [] });
    const noGain = makeMeasures(2, { epc: 79, eir: 70 }).map((m) => ({ ...m, epcIncrease: 0, eirIncrease: 0, epcTotal: 79, eirTotal: 70 }));
    for (const measures of [[], noGain]) {
      const booked = await lastPage(makeInput({ survey, measures, visitBooking: true }));
      expect(booked).not.toMatch(/Premium|Improvement plans|band B or A|Price|Order it online/);
      expect(booked).toContain('Keep your EPC up to date');
      expect(booked).toContain(
        'book a visit from your assessor to update your EPC at: https://app.epcplus.co.uk/s/1042/12-epc-street-st-albans',
      );
      const arranged = await lastPage(makeInput({ survey, measures }));
      expect(arranged).toContain('ask your assessor to visit and update your EPC: Harriet Harper Phone: 01727 000123');
    }
    // No booking and no assessor to ask (the sample report): nothing is offered at all.
    expect(callToActionOf(makeInput({ survey, measures: [], assessor: null }))).toBeNull();
  });

  it('promises only the bands the survey reaches', () => {
    const step = (epcTotal: number) => ({ epcTotal });
    expect(premiumBenefits(79, [step(80)])[0]).toBe(
      'Improvement plans to lower your bills and carbon, with the cost and rating after every step',
    );
    expect(premiumBenefits(79, [step(83)])[0]).toMatch(/^Improvement plans to reach band B,/);
    expect(premiumBenefits(60, [step(70), step(93)])[0]).toMatch(/^Improvement plans to reach band C, B or A,/);
    expect(premiumBenefits(95, [step(96)])[0]).not.toMatch(/reach band/);
  });
});
