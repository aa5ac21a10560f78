import { planFundingOf } from '../../../src/server/funding/plan-funding';
import { FUNDING_RULES } from '../../../src/server/funding/rules';
import { measuresFrom } from '../../../src/server/surveys/epc/measures';
import { parseSurvey } from '../../../src/server/surveys/epc/parse-survey';
import type { SurveyCountry, SurveyTenure } from '../../../src/server/surveys/epc/survey';
import { fixtureNames, readFixture } from '../surveys/epc/fixture-files';
import { homeWith, measure } from './funding-helpers';

const HEAT_PUMP = measure('51', '£8,000 - £12,000');
const LOFT = measure('5', '£100 - £350');
const schemesOf = (f: ReturnType<typeof planFundingOf>, code: string) =>
  f.measures.find((m) => m.code === code)!.offers.map((o) => `${o.scheme}: ${o.amountText}`);

const COUNTRIES: SurveyCountry[] = ['ENG', 'WLS', 'EAW', 'SCT', 'NIR'];
const TENURES: (SurveyTenure | null)[] = ['owner-occupied', 'rented-private', 'rented-social', null];

describe('the rules as data', () => {
  it.each(FUNDING_RULES.map((r) => [r.id, r] as const))('%s names its official page, its dates and when it was checked', (_, rule) => {
    expect(rule.url).toMatch(/^https:\/\/(www\.)?[a-z-]+(\.[a-z-]+)+\//);
    expect(rule.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const day of [rule.validFrom, rule.validUntil]) if (day !== null) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rule.condition.length).toBeGreaterThan(10);
  });
});

describe('every register sample in every nation and tenure', () => {
  const cases = fixtureNames().flatMap((name) => COUNTRIES.flatMap((country) => TENURES.map((tenure) => [name, country, tenure] as const)));
  it.each(cases)('%s in %s, %s: only schemes in force, of that nation and tenure', (name, country, tenure) => {
    const survey = { ...parseSurvey(readFixture(name)), country, tenure };
    const measures = [...measuresFrom(survey), HEAT_PUMP, LOFT];
    const funding = planFundingOf(survey, measures, '2026-11-25');
    const shown = funding.measures.flatMap((m) => m.offers.map((o) => o.scheme));
    const bus = shown.includes('Boiler Upgrade Scheme');
    if (country === 'SCT' || country === 'NIR' || tenure === 'rented-social') expect(bus).toBe(false);
    if (country !== 'SCT') expect(shown.filter((s) => /Scotland/.test(s))).toEqual([]);
    if (country !== 'NIR') expect(shown).not.toContain('Affordable Warmth Scheme');
    expect(shown).not.toContain('Great British Insulation Scheme');
    // 0% VAT on installed insulation everywhere in the UK until 31 March 2027.
    expect(schemesOf(funding, '5')).toContain('No VAT on installed energy-saving materials: 0% VAT instead of 20%');
    // The grants are the grant schemes' sums at each end, never more than a measure's cost there; loans and reliefs count nothing.
    for (const end of ['low', 'high'] as const) {
      expect(funding.grants[end]).toBe(funding.grantSchemes.reduce((sum, s) => sum + s.grantPence[end], 0));
      for (const m of funding.measures) expect(m.grantPence[end]).toBeLessThanOrEqual(m.cost?.[end] ?? 0);
      if (funding.cost && funding.after) expect(funding.after[end]).toBe(funding.cost[end] - funding.grants[end]);
    }
    expect([...funding.loans, ...funding.reliefs].every((s) => s.grantPence.high === 0)).toBe(true);
  });
});

describe('what a home may get, rule by rule', () => {
  const gasHomeEngland = homeWith({ country: 'ENG', tenure: 'owner-occupied', mainFuel: 'mains-gas', mainsGas: true, rating: 60 });

  it('the Boiler Upgrade Scheme pays up to £7,500 for a heat pump replacing gas in England and Wales', () => {
    const f = planFundingOf(gasHomeEngland, [HEAT_PUMP], '2026-11-25');
    expect(schemesOf(f, '51')).toContain('Boiler Upgrade Scheme: up to £7,500');
    // The heat pump costs £8,000 - £12,000: the whole £7,500 at either end.
    expect(f.schemes.find((s) => s.scheme === 'Boiler Upgrade Scheme')?.grantPence).toEqual({ low: 750_000, high: 750_000 });
  });

  it('a heat pump in Scotland never shows the Boiler Upgrade Scheme, but the Home Energy Scotland grant', () => {
    const f = planFundingOf({ ...gasHomeEngland, country: 'SCT' }, [HEAT_PUMP], '2026-11-25');
    expect(schemesOf(f, '51').join()).not.toMatch(/Boiler Upgrade/);
    expect(schemesOf(f, '51')).toContain('Home Energy Scotland Grant and Loan: up to £7,500');
  });

  it('a social-rented home never shows the Boiler Upgrade Scheme; its landlord may get the Social Housing Fund', () => {
    const f = planFundingOf({ ...gasHomeEngland, tenure: 'rented-social' }, [HEAT_PUMP], '2026-11-25');
    expect(schemesOf(f, '51').join()).not.toMatch(/Boiler Upgrade/);
    expect(schemesOf(f, '51')).toContain('Warm Homes: Social Housing Fund: your landlord may get funding');
  });

  it('a home that already has a heat pump gets no Boiler Upgrade grant for another', () => {
    const f = planFundingOf({ ...gasHomeEngland, mainFuel: 'heat-pump' }, [HEAT_PUMP], '2026-11-25');
    expect(schemesOf(f, '51').join()).not.toMatch(/Boiler Upgrade/);
  });

  it('from 21 July 2026 an off-grid home heated by oil may get £9,000; the day before, £7,500', () => {
    const oil = { ...gasHomeEngland, mainFuel: 'oil' as const, mainsGas: false };
    expect(schemesOf(planFundingOf(oil, [HEAT_PUMP], '2026-07-20'), '51')).toContain('Boiler Upgrade Scheme: up to £7,500');
    expect(schemesOf(planFundingOf(oil, [HEAT_PUMP], '2026-07-21'), '51')).toContain('Boiler Upgrade Scheme: up to £9,000');
    // The uplift is reported to end with March 2027.
    expect(schemesOf(planFundingOf(oil, [HEAT_PUMP], '2027-04-01'), '51')).toContain('Boiler Upgrade Scheme: up to £7,500');
    // On the gas grid, oil heating gets the standard amount.
    expect(schemesOf(planFundingOf({ ...oil, mainsGas: true }, [HEAT_PUMP], '2026-11-25'), '51')).toContain(
      'Boiler Upgrade Scheme: up to £7,500',
    );
  });

  it('biomass boilers only where the survey does not record a gas connection', () => {
    const biomass = measure('54');
    expect(schemesOf(planFundingOf(gasHomeEngland, [biomass], '2026-11-25'), '54').join()).not.toMatch(/Boiler Upgrade/);
    expect(schemesOf(planFundingOf({ ...gasHomeEngland, mainFuel: 'oil', mainsGas: false }, [biomass], '2026-11-25'), '54')).toContain(
      'Boiler Upgrade Scheme: up to £5,000',
    );
  });

  it('VAT on installed insulation is 0% until 31 March 2027 and 5% from 1 April 2027', () => {
    expect(schemesOf(planFundingOf(gasHomeEngland, [LOFT], '2027-03-31'), '5')).toContain(
      'No VAT on installed energy-saving materials: 0% VAT instead of 20%',
    );
    expect(schemesOf(planFundingOf(gasHomeEngland, [LOFT], '2027-04-01'), '5')).toContain(
      'Reduced VAT on installed energy-saving materials: 5% VAT instead of 20%',
    );
    // Windows are not energy-saving materials.
    expect(schemesOf(planFundingOf(gasHomeEngland, [measure('8')], '2026-11-25'), '8').join()).not.toMatch(/VAT/);
  });

  it('the Great British Insulation Scheme shows until 31 March 2026 and never after', () => {
    expect(schemesOf(planFundingOf(gasHomeEngland, [LOFT], '2026-03-31'), '5').join()).toMatch(/Great British Insulation Scheme/);
    expect(schemesOf(planFundingOf(gasHomeEngland, [LOFT], '2026-04-01'), '5').join()).not.toMatch(/Great British Insulation Scheme/);
  });

  it("the Great British Insulation Scheme's council tax test is settled by the report's band, by nation", () => {
    const gbis = (country: 'ENG' | 'SCT', councilTaxBand: string | null) =>
      planFundingOf({ ...gasHomeEngland, country }, [LOFT], '2026-03-01', { councilTaxBand }).measures[0].offers.find(
        (o) => o.scheme === 'Great British Insulation Scheme',
      )!.household;
    expect(gbis('ENG', 'C')).toBeNull();
    expect(gbis('ENG', 'E')).toEqual([{ benefit: true }, { incomeMaxPence: 3_099_999 }]);
    expect(gbis('SCT', 'E')).toBeNull();
    expect(gbis('ENG', null)).toHaveLength(3);
  });

  it('ECO4 takes owner-occupied homes rated D to G and private rented ones E to G, until 31 December 2026', () => {
    const eco = (facts: object, day = '2026-11-25') => schemesOf(planFundingOf({ ...gasHomeEngland, ...facts }, [LOFT], day), '5').join();
    expect(eco({ energyRating: { current: 60, potential: 80 } })).toMatch(/ECO4/);
    expect(eco({ energyRating: { current: 70, potential: 80 } })).not.toMatch(/ECO4/);
    expect(eco({ tenure: 'rented-private', energyRating: { current: 60, potential: 80 } })).not.toMatch(/ECO4/);
    expect(eco({ tenure: 'rented-private', energyRating: { current: 50, potential: 80 } })).toMatch(/ECO4/);
    expect(eco({}, '2027-01-01')).not.toMatch(/ECO4/);
  });

  it('Warm Homes: Local Grant is England only, for homes rated D to G', () => {
    expect(schemesOf(planFundingOf(gasHomeEngland, [LOFT], '2026-11-25'), '5').join()).toMatch(/Warm Homes: Local Grant/);
    expect(schemesOf(planFundingOf({ ...gasHomeEngland, country: 'WLS' }, [LOFT], '2026-11-25'), '5').join()).not.toMatch(/Local Grant/);
  });

  it('Nest in Wales: rated 54 or less for anyone on a benefit, 55 to 68 only with a health condition, above 68 not at all', () => {
    const nest = (rating: number) =>
      planFundingOf(homeWith({ country: 'WLS', tenure: 'owner-occupied', rating }), [LOFT], '2026-11-25').measures[0].offers.find(
        (o) => o.scheme === 'Warm Homes Nest',
      );
    expect(nest(50)?.household).toEqual([{ benefit: true }, { other: expect.any(String) }]);
    expect(nest(60)?.household?.every((r) => r.health)).toBe(true);
    expect(nest(69)).toBeUndefined();
  });

  it('Home Energy Scotland pays 75% of an insulation measure at each end of its cost, and at most £7,500 for all of them together', () => {
    const scot = homeWith({ country: 'SCT', tenure: 'owner-occupied', rating: 50 });
    const walls = measure('7', '£8,000 - £10,000');
    const f = planFundingOf(scot, [LOFT, walls], '2026-11-25');
    expect(schemesOf(f, '5')).toContain('Home Energy Scotland Grant and Loan: 75% of the cost, up to £7,500');
    expect(f.measures[0].grantPence).toEqual({ low: 7_500, high: 26_200 });
    // Low end: 75% of £100 and of £8,000. High end: £262 and £9,000 would pass the £7,500 pot, so the walls get £7,238.
    expect(f.schemes.find((s) => s.scheme === 'Home Energy Scotland Grant and Loan')?.grantPence).toEqual({ low: 607_500, high: 750_000 });
    // Private landlords in Scotland get no grant, but may get a loan.
    const let_ = planFundingOf({ ...scot, tenure: 'rented-private' }, [walls], '2026-11-25');
    expect(schemesOf(let_, '7').join()).not.toMatch(/Grant and Loan/);
    expect(schemesOf(let_, '7')).toContain(
      'Private Rented Sector Landlord Loan: an interest-free loan of up to £15,000, over up to 8 years',
    );
    expect(let_.grants).toEqual({ low: 0, high: 0 });
    expect(let_.after).toEqual({ low: 800_000, high: 1_000_000 });
  });

  it('Northern Ireland: the Affordable Warmth Scheme up to £7,500 for the home, £10,000 with solid wall insulation; no GB scheme', () => {
    const ni = homeWith({ country: 'NIR', tenure: 'owner-occupied', rating: 50 });
    const walls = (code: string) => measure(code, '£8,000 - £12,000');
    // A £100 - £350 loft alone gets no more than it costs.
    expect(planFundingOf(ni, [LOFT], '2026-11-25').grants).toEqual({ low: 10_000, high: 35_000 });
    expect(planFundingOf(ni, [LOFT, walls('6')], '2026-11-25').grants).toEqual({ low: 750_000, high: 750_000 });
    // Each measure gets at most £7,500, and the home £10,000 once solid wall insulation is among them.
    expect(planFundingOf(ni, [LOFT, walls('7')], '2026-11-25').grants).toEqual({ low: 760_000, high: 785_000 });
    expect(planFundingOf(ni, [LOFT, walls('6'), walls('7')], '2026-11-25').grants).toEqual({ low: 1_000_000, high: 1_000_000 });
    const shown = planFundingOf(ni, [LOFT, HEAT_PUMP], '2026-11-25').measures.flatMap((m) => m.offers.map((o) => o.scheme));
    expect(shown.join()).not.toMatch(/ECO4|Boiler Upgrade|Local Grant/);
  });

  it('the total counts one Boiler Upgrade grant per home and adds the schemes with a set amount', () => {
    const f = planFundingOf(gasHomeEngland, [HEAT_PUMP, measure('75'), LOFT], '2026-11-25');
    expect(f.grants).toEqual({ low: 750_000, high: 750_000 });
  });
});
