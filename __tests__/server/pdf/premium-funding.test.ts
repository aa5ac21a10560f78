import { renderPremiumPdf } from '../../../src/server/pdf/premium/render-premium';
import { premiumInputOf } from '../../../src/server/premium/premium-input-of';
import type { Survey } from '../../../src/server/surveys/epc/survey';
import { readPdf } from './pdf-reader';
import { premiumInputFrom, RHI_FIXTURE } from './premium-factory';

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The fixture's finalised report, as the render job builds its input, for the home in a given nation. */
function inputFor(facts: Partial<Survey>, finalisedAt = Date.parse('2026-11-25T12:00:00Z')) {
  const base = premiumInputFrom(RHI_FIXTURE);
  return premiumInputOf(
    {
      survey: { ...base.survey, ...facts },
      measures: base.measures,
      plans: base.plans,
      customPlan: base.customPlan,
      remarks: base.remarks,
    },
    {
      name: base.reportName,
      purchasedAt: finalisedAt,
      finalisedAt,
      councilTax: base.councilTax,
      branding: base.branding,
      assessor: base.assessor,
      priority: base.priority,
      premiumLinkUrl: base.premiumLinkUrl,
    },
  );
}

describe('cost after possible funding on each plan of the Premium PDF', () => {
  it('an owner in Scotland: each plan shows what it may cost after the Home Energy Scotland grant, beside its cost', async () => {
    const input = inputFor({ country: 'SCT', tenure: 'owner-occupied' });
    // Loft £100 - £350 and internal wall insulation: 75% of each, up to £7,500 together.
    expect(input.plans[0].funding).toEqual({ upToPence: 750_000, schemes: ['Home Energy Scotland Grant and Loan'] });
    const text = flat(readPdf(await renderPremiumPdf(input)).text);
    expect(text).toMatch(
      /Cost after possible funding: £[\d,]+ - £[\d,]+ instead of £[\d,]+ - £[\d,]+, if the home is eligible for up to £7,500 from the Home Energy Scotland Grant and Loan\./,
    );
  });

  it('no set grant for these measures in England: the plans show their cost alone', async () => {
    const input = inputFor({ country: 'ENG', tenure: 'owner-occupied' });
    expect(input.plans.every((p) => p.funding?.upToPence === 0)).toBe(true);
    expect(flat(readPdf(await renderPremiumPdf(input)).text)).not.toContain('Cost after possible funding');
  });
});
