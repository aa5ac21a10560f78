import { PLAN_ID } from '../../../src/shared/states';
import { guideFor, typicalCostText } from '../../../src/server/pdf/premium/guide/measure-guide';
import { renderPremiumPdf } from '../../../src/server/pdf/premium/render-premium';
import { readPdf } from './pdf-reader';
import { planOf, premiumInputFrom, RHI_FIXTURE } from './premium-factory';

/** Lodges its potential emissions as a whole "2" tonnes, and prices none of its four improvements. */
const WHOLE_TONNES_FIXTURE = 'Additional-Fixtures__sap_with_improvement_headings_and_summaries.xml';

const flat = (text: string) => text.replace(/\s+/g, ' ');
/** Every amount of pounds joined to another by a dash or "to", however it is written. */
const ranges = (text: string) => [...flat(text).matchAll(/£\d[\d,]*(?:\.\d+)? ?(?:-|–|—|to) ?£\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0]);
const tonnes = (text: string) => [...flat(text).matchAll(/(\S+) tonnes a year/g)].map((m) => m[1]);

describe('one money format and one CO2 format across the Premium Report', () => {
  it.each([RHI_FIXTURE, WHOLE_TONNES_FIXTURE, 'RdSAP-Schema-S-18.0__epc.xml'])(
    '%s: every CO2 figure has one decimal place and every range reads "£a – £b" in whole pounds',
    async (fixture) => {
      const { text } = readPdf(await renderPremiumPdf(premiumInputFrom(fixture)));
      const figures = tonnes(text);
      expect(figures.length).toBeGreaterThanOrEqual(2);
      for (const figure of figures) expect(figure).toMatch(/^-?\d+\.\d$/);
      for (const range of ranges(text)) expect(range).toMatch(/^£\d{1,3}(?:,\d{3})* – £\d{1,3}(?:,\d{3})*$/);
      expect(flat(text)).not.toMatch(/Typically £[\d,]+ to £/);
    },
  );

  it('writes whole tonnes with their ".0" beside a figure that has a decimal', async () => {
    const input = premiumInputFrom(WHOLE_TONNES_FIXTURE);
    expect(input.survey.co2.potential).toBe(2);
    const { text } = readPdf(await renderPremiumPdf(input));
    expect(text).toContain('3.6 tonnes a year');
    expect(text).toContain('2.0 tonnes a year');
    expect(text).not.toMatch(/\b2 tonnes a year/);
  });

  it('puts the ranges of the RHI survey in the plan tables in the one form, whichever dash the register used', async () => {
    const { text } = readPdf(await renderPremiumPdf(premiumInputFrom(RHI_FIXTURE)));
    const found = ranges(text);
    expect(found).toContain('£100 – £350');
    expect(found).toContain('£4,100 – £14,350');
    expect(flat(text)).not.toContain('£100 - £350');
  });
});

describe("the guide page's cost agrees with the home's plan", () => {
  it("states the plan line's cost for this home and no generic range that could contradict it", async () => {
    const base = premiumInputFrom(RHI_FIXTURE);
    const start = { epc: base.epcStart, eir: base.eirStart };
    // The assessor priced draught-free loft work at £80 to £120: the plan line and the guide must both say so.
    const [loft, ...rest] = base.measures;
    const measures = [{ ...loft, implementationCost: '£80 - £120' }, ...rest];
    const plans = [planOf(PLAN_ID.highestEpc, 'Highest energy rating', 'EPC', start, measures)];
    const { pages } = readPdf(await renderPremiumPdf({ ...base, measures, plans, customPlan: null }));
    const planPage = flat(pages.find((p) => p.includes('PLAN 1 OF 1'))!);
    expect(planPage).toContain('£80 – £120');
    const guide = flat(pages.find((p) => p.includes('IMPROVEMENT GUIDE 1 OF') && p.includes('LOFT INSULATION'))!);
    expect(guide).toContain('For your home the survey estimates £80 – £120.');
    expect(guide).toContain('Cost for your home');
    expect(guide).not.toContain('Typically');
    expect(guide).not.toContain(typicalCostText(guideFor(loft.code).cost));
  });

  it('gives the typical range across UK homes, written by the one range format, where the survey prices nothing', async () => {
    const base = premiumInputFrom(RHI_FIXTURE);
    const start = { epc: base.epcStart, eir: base.eirStart };
    const measures = base.measures.map((m) => ({ ...m, implementationCost: '' }));
    const plans = [planOf(PLAN_ID.highestEpc, 'Highest energy rating', 'EPC', start, measures)];
    const { pages } = readPdf(await renderPremiumPdf({ ...base, measures, plans, customPlan: null }));
    const cylinder = measures.find((m) => m.code === '2')!;
    const expected = typicalCostText(guideFor(cylinder.code).cost);
    // The hot water jacket's typical range from the guide's own figures, £15 to £30.
    expect(expected).toMatch(/^Typically £15 – £30 /);
    const page = flat(pages.find((p) => p.includes('IMPROVEMENT GUIDE') && p.includes('HOT WATER CYLINDER INSULATION'))!);
    expect(page).toContain('Typical cost');
    expect(page).toContain(expected);
    expect(page).not.toContain('For your home the survey estimates');
  });
});
