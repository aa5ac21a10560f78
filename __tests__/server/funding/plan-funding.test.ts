import { planFundingOf } from '../../../src/server/funding/plan-funding';
import type { FundingRule } from '../../../src/server/funding/rule-types';
import { homeWith, measure } from './funding-helpers';

const DAY = '2026-11-25';
const scotOwner = homeWith({ country: 'SCT', tenure: 'owner-occupied', rating: 50 });
const englishGasOwner = homeWith({ country: 'ENG', tenure: 'owner-occupied', mainFuel: 'mains-gas', mainsGas: true, rating: 60 });

describe('a plan’s funding at the low and the high end of its cost', () => {
  it('the issue’s Scottish plan: 75% of the eligible work at each end, so £3,060 at the low end, not £4,590', () => {
    // Internal wall insulation £4,080 - £6,120 is eligible; new windows £2,550 - £3,450 are not.
    const plan = planFundingOf(scotOwner, [measure('7', '£4,080 - £6,120'), measure('8', '£2,550 - £3,450')], DAY);
    expect(plan.cost).toEqual({ low: 663_000, high: 957_000 });
    expect(plan.grants).toEqual({ low: 306_000, high: 459_000 });
    expect(plan.after).toEqual({ low: 357_000, high: 498_000 });
    expect(plan.grantSchemes.map((s) => [s.title, s.grantPence])).toEqual([
      ['Home Energy Scotland Grant and Loan (Scotland)', { low: 306_000, high: 459_000 }],
    ]);
  });

  it('a loan is a way to pay: listed with its rate and term, never taken off the cost', () => {
    const heatPump = measure('51', '£8,000 - £12,000');
    const plan = planFundingOf(scotOwner, [heatPump], DAY);
    expect(plan.grants).toEqual({ low: 750_000, high: 750_000 });
    expect(plan.after).toEqual({ low: 50_000, high: 450_000 });
    expect(plan.loans.map((l) => [l.title, l.loan])).toEqual([
      ['Home Energy Scotland Loan (Scotland)', { upToPence: 750_000, ratePercent: 0, termYears: null }],
    ]);
    expect(plan.loans[0].amounts).toEqual(['an interest-free loan of up to £7,500, term set by the lender']);

    // Solar water heating has only a loan: the cost after grants is the cost.
    const solarWater = planFundingOf(scotOwner, [measure('19', '£4,000 - £6,000')], DAY);
    expect(solarWater.grants).toEqual({ low: 0, high: 0 });
    expect(solarWater.after).toEqual(solarWater.cost);
    expect(solarWater.loans.map((l) => l.scheme)).toEqual(['Home Energy Scotland Loan']);
  });

  it('VAT relief is listed as a relief and not taken off the lodged costs', () => {
    const plan = planFundingOf(englishGasOwner, [measure('5', '£100 - £350')], DAY);
    expect(plan.reliefs.map((r) => [r.title, r.vatRatePercent])).toEqual([['No VAT on installed energy-saving materials (UK-wide)', 0]]);
    expect(plan.after).toEqual({ low: 10_000, high: 35_000 });
  });

  it('a grant never pays more than the work costs at that end, and the cost after it is never below zero', () => {
    const plan = planFundingOf(englishGasOwner, [measure('51', '£4,000 - £6,000')], DAY);
    expect(plan.grants).toEqual({ low: 400_000, high: 600_000 });
    expect(plan.after).toEqual({ low: 0, high: 0 });
  });

  it('the grants of all schemes on one measure never exceed its cost at that end', () => {
    const grant = (id: string, scheme: string): FundingRule => ({
      id,
      scheme,
      nations: ['england'],
      measures: { numbers: [5] },
      tenures: ['owner-occupied'],
      household: null,
      amount: { kind: 'grant', upToPence: 100_000 },
      condition: 'for the test of two schemes on one measure',
      validFrom: null,
      validUntil: null,
      url: 'https://www.gov.uk/',
      sourceDate: null,
      checkedOn: DAY,
    });
    const plan = planFundingOf(englishGasOwner, [measure('5', '£300 - £1,500')], DAY, {}, [grant('a', 'First'), grant('b', 'Second')]);
    expect(plan.measures[0].grantPence).toEqual({ low: 30_000, high: 150_000 });
    expect(plan.grantSchemes.map((s) => [s.scheme, s.grantPence])).toEqual([
      ['First', { low: 30_000, high: 100_000 }],
      ['Second', { low: 0, high: 50_000 }],
    ]);
    expect(plan.after).toEqual({ low: 0, high: 0 });
  });

  it("'largest' pot: one Boiler Upgrade grant per home, the largest at each end, which may be a different measure's", () => {
    const plan = planFundingOf(englishGasOwner, [measure('51', '£5,000 - £6,000'), measure('75', '£2,000 - £9,000')], DAY);
    expect(plan.grants).toEqual({ low: 500_000, high: 750_000 });
    expect(plan.measures.map((m) => m.grantPence)).toEqual([
      { low: 500_000, high: 0 },
      { low: 0, high: 750_000 },
    ]);
  });

  it("'capped' pot: Home Energy Scotland's insulation shares add up to £7,500 at most, at each end", () => {
    const plan = planFundingOf(scotOwner, [measure('5', '£100 - £350'), measure('7', '£8,000 - £12,000')], DAY);
    expect(plan.grants).toEqual({ low: 607_500, high: 750_000 });
  });

  it('a measure with no readable cost gets no grant amount, but its scheme is still listed', () => {
    const plan = planFundingOf(englishGasOwner, [measure('51', 'Not applicable')], DAY);
    expect(plan.cost).toBeNull();
    expect(plan.after).toBeNull();
    expect(plan.grants).toEqual({ low: 0, high: 0 });
    expect(plan.grantSchemes.map((s) => s.title)).toEqual(['Boiler Upgrade Scheme (England and Wales)']);
  });
});

describe("the home's nation decides the schemes, and each is shown with where it applies", () => {
  const loft = measure('5', '£100 - £350');
  const eawAt = (postcode: string) =>
    homeWith({ country: 'EAW', tenure: 'owner-occupied', rating: 50, address: { ...scotOwner.address, postcode } });

  it('an England-and-Wales survey at a London postcode gets England’s schemes only: no Warm Homes Nest', () => {
    const titles = planFundingOf(eawAt('SW1A 1AA'), [loft], DAY).schemes.map((s) => s.title);
    expect(titles).toContain('Warm Homes: Local Grant (England)');
    expect(titles.join()).not.toMatch(/Nest/);
  });

  it('the same survey at a Cardiff postcode gets Wales’s Nest, labelled Wales, and not England’s Local Grant', () => {
    const titles = planFundingOf(eawAt('CF10 1AA'), [loft], DAY).schemes.map((s) => s.title);
    expect(titles).toContain('Warm Homes Nest (Wales)');
    expect(titles.join()).not.toMatch(/Local Grant/);
  });

  it('schemes of several nations name them all', () => {
    const titles = planFundingOf(englishGasOwner, [loft, measure('51', '£8,000 - £12,000')], DAY).schemes.map((s) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Boiler Upgrade Scheme (England and Wales)',
        'Energy Company Obligation (ECO4) (England, Scotland and Wales)',
        'No VAT on installed energy-saving materials (UK-wide)',
      ]),
    );
  });
});
