import { fundingReportOf } from '../../../src/server/funding/funding-report';
import { poundRange } from '../../../src/server/funding/summary';
import { renderPremiumPdf } from '../../../src/server/pdf/premium/render-premium';
import { premiumInputOf } from '../../../src/server/premium/premium-input-of';
import { PLAN_ID } from '../../../src/shared/states';
import type { Survey } from '../../../src/server/surveys/epc/survey';
import { measure } from '../funding/funding-helpers';
import { readPdf } from './pdf-reader';
import { planOf, premiumInputFrom, RHI_FIXTURE } from './premium-factory';

const flat = (text: string) => text.replace(/\s+/g, ' ');
const FINALISED = Date.parse('2026-11-25T12:00:00Z');

/** The fixture's finalised report, as the render job builds its input, for the home in a given nation. */
function inputFor(facts: Partial<Survey>, customSteps?: ReturnType<typeof measure>[]) {
  const base = premiumInputFrom(RHI_FIXTURE);
  const start = { epc: base.epcStart, eir: base.eirStart };
  return premiumInputOf(
    {
      survey: { ...base.survey, ...facts },
      measures: base.measures,
      plans: base.plans,
      customPlan: customSteps ? planOf(PLAN_ID.custom, 'Walls and windows', 'EPC', start, customSteps) : base.customPlan,
      remarks: base.remarks,
    },
    {
      name: base.reportName,
      purchasedAt: FINALISED,
      finalisedAt: FINALISED,
      councilTax: base.councilTax,
      branding: base.branding,
      assessor: base.assessor,
      priority: base.priority,
      premiumLinkUrl: base.premiumLinkUrl,
    },
  );
}

const textOf = async (input: ReturnType<typeof inputFor>) => flat(readPdf(await renderPremiumPdf(input)).text);
const scottishOwner = { country: 'SCT', tenure: 'owner-occupied' } as const;

describe('cost after possible grants on each plan of the Premium PDF', () => {
  it('the issue’s plan: the grant at each end is at most 75% of the eligible work there, so £3,570 – £4,980 after grants', async () => {
    // Internal wall insulation £4,080 - £6,120 (eligible) and windows £2,550 - £3,450 (not).
    const input = inputFor(scottishOwner, [measure('7', '£4,080 - £6,120'), measure('8', '£2,550 - £3,450')]);
    expect(await textOf(input)).toContain(
      'Cost after possible grants: £3,570 – £4,980 instead of £6,630 – £9,570, if the home is eligible for up to £3,060 – £4,590 from the Home Energy Scotland Grant and Loan (Scotland).',
    );
  });

  it('an owner in Scotland: every plan states its own sums at both ends, and they add up', async () => {
    const input = inputFor(scottishOwner);
    const text = await textOf(input);
    const granted = input.plans.filter((p) => p.funding!.grants.high > 0);
    expect(granted.length).toBeGreaterThan(0);
    for (const plan of granted) {
      const f = plan.funding!;
      expect(f.cost).toEqual(plan.costPence);
      for (const end of ['low', 'high'] as const) {
        expect(f.after![end]).toBe(Math.max(0, f.cost![end] - f.grants[end]));
        expect(f.grants[end]).toBeLessThanOrEqual(f.cost![end]);
      }
      expect(text).toContain(
        `Cost after possible grants: ${poundRange(f.after!)} instead of ${poundRange(f.cost!)}, if the home is eligible for up to ${poundRange(f.grants)} from the Home Energy Scotland Grant and Loan (Scotland).`,
      );
    }
  });

  it('a heat pump in Scotland: the loan is offered in a sentence of its own and leaves the cost after grants alone', async () => {
    const input = inputFor(scottishOwner, [measure('51', '£8,000 - £12,000')]);
    const text = await textOf(input);
    expect(text).toContain('Cost after possible grants: £500 – £4,500 instead of £8,000 – £12,000');
    expect(text).toContain(
      'You could also spread the cost with the Home Energy Scotland Loan (Scotland) (an interest-free loan of up to £7,500, term set by the lender).',
    );
  });

  it('no grant with a set amount for these measures in England: the plans show their cost alone', async () => {
    const input = inputFor({ country: 'ENG', tenure: 'owner-occupied' });
    expect(input.plans.every((p) => p.funding?.grants.high === 0)).toBe(true);
    expect(await textOf(input)).not.toContain('Cost after possible grants');
  });
});

describe("the Premium's funding section", () => {
  it('has everything the Preliminary’s has — every scheme, loan and relief with its nation — and each plan’s figures', async () => {
    const input = inputFor(scottishOwner, [measure('51', '£8,000 - £12,000')]);
    const text = await textOf(input);
    // The Preliminary's section is drawn from this same report of the home's measures on the day.
    const preliminary = fundingReportOf(input.survey, input.measures, new Date(FINALISED), { councilTaxBand: 'D' });
    expect(input.funding).toEqual(preliminary);
    expect(text).toContain('Help paying for the improvements');
    for (const s of preliminary.schemes) expect(text).toContain(`${s.title}: ${s.amounts.join(', or ')}`);
    expect(text).toContain('Warmer Homes Scotland (Scotland): may pay for the work');
    expect(text).toContain('No VAT on installed energy-saving materials (UK-wide): 0% VAT instead of 20%');
    expect(text).toContain('What each plan may cost after grants');
    expect(text).toContain('Walls and windows: Cost after possible grants: £500 – £4,500 instead of £8,000 – £12,000');
  });

  it('an England-and-Wales survey at a London postcode: England’s schemes only, never Wales’s Nest', async () => {
    const address = (postcode: string) => ({ ...premiumInputFrom(RHI_FIXTURE).survey.address, postcode });
    const london = await textOf(inputFor({ country: 'EAW', tenure: 'owner-occupied', address: address('SW1A 1AA') }));
    expect(london).toContain('Help paying for the improvements');
    expect(london).not.toContain('Nest');
    const cardiff = await textOf(inputFor({ country: 'EAW', tenure: 'owner-occupied', address: address('CF10 1AA') }));
    expect(cardiff).toContain('Warm Homes Nest (Wales)');
  });
});
