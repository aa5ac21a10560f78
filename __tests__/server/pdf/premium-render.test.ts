import type { Measure } from '../../../src/shared/api/premium';
import { PLAN_ID } from '../../../src/shared/states';
import { renderPremiumPdf } from '../../../src/server/pdf/premium/render-premium';
import { linesWith, readPdf } from './pdf-reader';
import { planOf, premiumInputFrom, RHI_FIXTURE } from './premium-factory';

/** The first words of a name: a table cell may wrap the rest onto the next line. */
const opening = (m: Measure) => m.name.split(/\s+/).slice(0, 2).join(' ');
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the Premium Report PDF', () => {
  it("has a branded cover naming the report, the home, the company and the report's dates, and numbered pages", async () => {
    const { pages } = readPdf(await renderPremiumPdf(premiumInputFrom(RHI_FIXTURE)));
    const cover = flat(pages[0]);
    expect(cover).toContain('Premium Report');
    expect(cover).toContain('12 Epc Street, St Albans, AL1C 2DE');
    expect(cover).toContain('Harper Energy Assessments');
    expect(cover).toContain('5 March 2025');
    expect(cover).toContain('3 March 2025');
    expect(cover).toContain('Jane Harper');
    pages.forEach((page, i) => {
      expect(page).toContain('Prepared by Harper Energy Assessments');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
  });

  it('sums up where the home is now and where each plan takes it: band after, points and cost', async () => {
    const input = premiumInputFrom(RHI_FIXTURE);
    const { pages } = readPdf(await renderPremiumPdf(input));
    const summary = pages[1];
    expect(flat(summary)).toContain("Your home's energy rating is D (64 points) and its environmental impact rating is D (62 points)");
    expect(summary).toContain('64 D');
    expect(summary).toContain('62 D');
    // Cheapest to C: loft (+2) and internal wall insulation (+4) take 64 to 70, C.
    expect(linesWith(summary, 'Cheapest route to band C', '70 C', '+6', '£4,100 – £14,350')).toHaveLength(1);
    expect(linesWith(summary, 'Highest energy rating', '91 B', '+27', '£11,615 – £25,880')).toHaveLength(1);
    const co2 = input.plans[2];
    expect(linesWith(summary, 'Largest cut in CO2', `${co2.epcAfter} ${co2.bandAfter}`, `${co2.eirAfter} `)).toHaveLength(1);
    // The custom plan: solar panels (+16) then the loft (+2).
    expect(linesWith(summary, 'Quick wins before winter', '82 B', '+18', '£3,600 – £5,850')).toHaveLength(1);
    expect(flat(summary)).toContain('The plan that serves it best, Cheapest route to band C, comes first.');
  });

  it('gives each plan a page with its measures in order, the points and band after each step and the cost so far', async () => {
    const input = premiumInputFrom(RHI_FIXTURE);
    const { pages } = readPdf(await renderPremiumPdf(input));
    input.plans.forEach((plan, i) => {
      const page = pages.find((p) => p.includes(`PLAN ${i + 1} OF ${input.plans.length}`));
      expect(page).toBeDefined();
      expect(page).toContain(plan.name);
      const rowAt = plan.steps.map((step, s) => {
        const rows = linesWith(page!, opening(step), `${step.epcTotal} ${step.epcBand}`, step.costTotal);
        expect(rows).toHaveLength(1);
        expect(rows[0].trim().startsWith(String(s + 1))).toBe(true);
        expect(rows[0]).toContain(step.epcIncrease > 0 ? `+${step.epcIncrease}` : String(step.epcIncrease));
        return page!.indexOf(rows[0]);
      });
      expect([...rowAt].sort((a, b) => a - b)).toEqual(rowAt);
      // The route's chart marks where the plan starts and ends.
      const collected = plan.collect === 'EIR' ? [input.eirStart, plan.eirAfter] : [input.epcStart, plan.epcAfter];
      expect(page).toMatch(/Now\s+After/);
      for (const value of collected) expect(page).toContain(String(value));
    });
  });

  it("shows the custom plan under the assessor's name for it, after the computed plans", async () => {
    const input = premiumInputFrom(RHI_FIXTURE);
    const { pages } = readPdf(await renderPremiumPdf(input));
    const at = pages.findIndex((p) => p.includes("YOUR ASSESSOR'S OWN PLAN"));
    expect(at).toBeGreaterThan(pages.findIndex((p) => p.includes('PLAN 3 OF 3')));
    expect(pages[at]).toContain('Quick wins before winter');
    expect(flat(pages[at])).toContain('Jane Harper put this plan together for your home');
    const [first, second] = input.customPlan!.steps;
    expect(linesWith(pages[at], opening(first), `${first.epcTotal} ${first.epcBand}`, first.costTotal)).toHaveLength(1);
    expect(linesWith(pages[at], opening(second), `${second.epcTotal} ${second.epcBand}`, second.costTotal)).toHaveLength(1);
  });

  it('describes the home as surveyed and what it costs to run, in the same money format', async () => {
    const { text } = readPdf(await renderPremiumPdf(premiumInputFrom(RHI_FIXTURE)));
    expect(text).toContain('Your property');
    expect(text).toContain('Band D');
    expect(linesWith(text, 'Heating', '£314', '£241', '£73')).toHaveLength(1);
    expect(linesWith(text, 'Total', '£514', '£347', '£167')).toHaveLength(1);
    expect(text).toContain('2.2 tonnes a year');
  });

  it("prints the assessor's remarks verbatim, line by line, wrapping a line wider than the page", async () => {
    const long = `${'Heat pumps suit this house well once the walls are insulated. '.repeat(3).trim()}`;
    const remarks = ['Dear owner,', '', '  - fix the loft hatch first;', '  - then the cylinder jacket.', long].join('\n');
    const { text } = readPdf(await renderPremiumPdf(premiumInputFrom(RHI_FIXTURE, { remarks })));
    expect(text).toContain("Your assessor's remarks");
    const body = text.slice(text.indexOf("Your assessor's remarks"));
    for (const line of ['Dear owner,', '- fix the loft hatch first;', '- then the cylinder jacket.'])
      expect(linesWith(body, line)).toHaveLength(1);
    expect(body.indexOf('- fix the loft hatch')).toBeLessThan(body.indexOf('- then the cylinder'));
    expect(flat(body)).toContain(long);
    expect(linesWith(body, long)).toHaveLength(0);
    expect(body).toContain('— Jane Harper, Harper Energy Assessments');
  });

  it('leaves the remarks section out when the assessor wrote none', async () => {
    const { text } = readPdf(await renderPremiumPdf(premiumInputFrom(RHI_FIXTURE, { remarks: ' \n\n' })));
    expect(text).not.toContain("Your assessor's remarks");
  });

  it("ends with next steps: contractors through the owner's premium link and the assessor's contact details", async () => {
    const { pages } = readPdf(await renderPremiumPdf(premiumInputFrom(RHI_FIXTURE)));
    const last = flat(pages[pages.length - 1]);
    expect(last).toContain('Next steps');
    expect(last).toContain('https://app.epcplus.co.uk/s/premium/1042/12-epc-street-st-albans');
    expect(last).toContain('Jane Harper');
    expect(last).toContain('01727 123456');
    expect(last).toContain('jane@harper-energy.co.uk');
    expect(last).toContain('www.gov.uk/improve-energy-efficiency');
  });

  it('leaves out contact lines the assessor has not filled in', async () => {
    const input = premiumInputFrom(RHI_FIXTURE, { assessor: { name: 'Jane Harper', email: 'jane@harper-energy.co.uk', phone: '' } });
    const { pages } = readPdf(await renderPremiumPdf(input));
    const last = pages[pages.length - 1];
    expect(last).toContain('jane@harper-energy.co.uk');
    expect(last).not.toContain('PHONE');
  });

  it('writes every estimate one way: whole pounds with thousands separators, a range with a spaced en dash', async () => {
    const base = premiumInputFrom(RHI_FIXTURE);
    const start = { epc: base.epcStart, eir: base.eirStart };
    const [loft, wall] = base.measures;
    const adjusted = [
      { ...loft, implementationCost: '£1281' },
      { ...wall, implementationCost: '2000 - 3500.50' },
    ];
    const custom = planOf(PLAN_ID.custom, 'Adjusted costs', 'EPC', start, adjusted);
    const { text } = readPdf(await renderPremiumPdf({ ...base, customPlan: custom, measures: adjusted }));
    expect(custom.costPence).toEqual({ low: 328100, high: 478150 });
    // Pence add nothing to an estimate: £4,781.50 is shown to the nearest pound.
    expect(linesWith(text, 'Adjusted costs', '£3,281 – £4,782')).toHaveLength(1);
    expect(text).toContain('£1,281');
    expect(text).toContain('£2,000 – £3,501');
    expect(text).not.toContain('£1281');
    expect(text).not.toMatch(/£\d{4}/);
    expect(text).not.toMatch(/£[\d,]+\.\d/);
    expect(text).not.toMatch(/£[\d,]+ - £/);
  });

  it('draws a report with no plans, no custom plan and no measures without empty sections', async () => {
    const input = premiumInputFrom('RdSAP-Schema-S-19.0__epc.xml', { plans: [], customPlan: null, remarks: '' });
    expect(input.measures).toHaveLength(0);
    const { text, pages } = readPdf(await renderPremiumPdf(input));
    expect(flat(text)).toContain('The survey recommends no further improvements.');
    expect(text).not.toContain('Where each plan takes it');
    expect(text).not.toContain('IMPROVEMENT GUIDE');
    expect(pages[pages.length - 1]).toContain('Next steps');
    for (const bad of ['undefined', 'null', 'NaN']) expect(text).not.toContain(bad);
  });
});
