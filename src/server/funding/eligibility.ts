import type { Measure } from '../../shared/api/reports';
import { epcBand } from '../../shared/epc-bands';
import type { HouseholdRoute } from '../../shared/funding';
import { formatPrice } from '../../shared/money';
import { parseCostRange } from '../surveys/epc/cost-range';
import { measureCategory } from '../surveys/epc/measure-category';
import type { Survey, SurveyCountry, SurveyTenure } from '../surveys/epc/survey';
import type { FundingAmount, FundingNation, FundingRule } from './rule-types';
import { FUNDING_RULES } from './rules';

export interface FundingOffer {
  ruleId: string;
  scheme: string;
  amount: FundingAmount;
  /** The most this measure may get as a grant here, in pence; null for loans, VAT and unpriced funding. */
  upToPence: number | null;
  amountText: string;
  condition: string;
  caveat: string | null;
  household: HouseholdRoute[] | null;
  url: string;
  validUntil: string | null;
  checkedOn: string;
}

export interface MeasureFunding {
  code: string;
  name: string;
  offers: FundingOffer[];
}

/** What one scheme may give the whole home (one grant per property, or a capped sum). */
export interface SchemeTotal {
  scheme: string;
  upToPence: number;
  household: HouseholdRoute[] | null;
}

export interface HomeFunding {
  /** The report's date (YYYY-MM-DD): only rules in force on it count. */
  onDate: string;
  measures: MeasureFunding[];
  schemes: SchemeTotal[];
  /** The sum of the schemes' totals: what the home may be eligible for at most, in grants with a set amount. */
  totalPence: number;
}

const NATIONS: Record<SurveyCountry, FundingNation[]> = {
  ENG: ['england'],
  WLS: ['wales'],
  // A lodgement for "England and Wales" without a country: a scheme of either may apply.
  EAW: ['england', 'wales'],
  SCT: ['scotland'],
  NIR: ['northern-ireland'],
};

export const inForce = (rule: FundingRule, onDate: string) =>
  (rule.validFrom === null || onDate >= rule.validFrom) && (rule.validUntil === null || onDate <= rule.validUntil);

/** The YYYY-MM-DD of a moment in UK terms is close enough at midnight UTC for dates set to whole days. */
export const isoDate = (at: Date) => at.toISOString().slice(0, 10);

function coversMeasure(rule: FundingRule, measure: Measure): boolean {
  const number = /^\d+$/.test(measure.code) ? Number(measure.code) : null;
  return (
    (number !== null && (rule.measures.numbers ?? []).includes(number)) ||
    (rule.measures.categories ?? []).includes(measureCategory(measure.code))
  );
}

/** The home's own facts that decide a rule, before any measure or household question. */
function fitsHome(rule: FundingRule, survey: Survey, tenure: SurveyTenure): boolean {
  if (!rule.nations.some((n) => NATIONS[survey.country].includes(n))) return false;
  if (!rule.tenures.includes(tenure)) return false;
  const rating = survey.energyRating.current;
  if (rule.bands && !(rule.bands[tenure] ?? '').includes(epcBand(rating))) return false;
  if (rule.maxRating && rating > rule.maxRating.withHealth) return false;
  if (rule.offGasOnly && survey.mainsGas === true) return false;
  if (rule.fuelsReplaced) {
    const fuel = survey.mainFuel ?? null;
    // An unread fuel may be anything but a rule for specific non-gas fuels (the off-grid uplift) needs it read.
    if (fuel === null ? !rule.fuelsReplaced.includes('mains-gas') : !rule.fuelsReplaced.includes(fuel)) return false;
  }
  return true;
}

/** The home's facts that settle part of a household test: its council tax band, where the report has one. */
export interface HomeExtras {
  councilTaxBand?: string | null;
}

function councilTaxSettles(rule: FundingRule, survey: Survey, band: string | null | undefined): boolean | null {
  if (!rule.councilTaxBands || !band) return null;
  return NATIONS[survey.country].some((n) => (rule.councilTaxBands?.[n] ?? '').includes(band.toUpperCase()));
}

function householdOf(rule: FundingRule, survey: Survey, extras: HomeExtras): HouseholdRoute[] | null {
  const rating = survey.energyRating.current;
  const byBand = councilTaxSettles(rule, survey, extras.councilTaxBand);
  // A band that qualifies needs no household test; one that does not leaves only the household routes.
  if (byBand === true) return null;
  const routes = byBand === false && rule.household ? rule.household.filter((r) => !r.other) : rule.household;
  if (!rule.maxRating || rating <= rule.maxRating.any) return routes;
  // Between the two limits only a household with a health condition qualifies.
  return (routes ?? [{}]).map((route) => ({ ...route, health: true }));
}

function grantFor(amount: FundingAmount, measure: Measure): number | null {
  if (amount.kind === 'grant') return amount.upToPence;
  if (amount.kind !== 'share') return null;
  const cost = parseCostRange(measure.implementationCost);
  // Whole pounds, rounded down: an 'up to' is never more than the share.
  return cost ? Math.min(amount.capPence, Math.floor((cost.high * amount.percent) / 10_000) * 100) : null;
}

export function amountText(amount: FundingAmount, upToPence: number | null): string {
  switch (amount.kind) {
    case 'grant':
      return `up to ${formatPrice(amount.upToPence)}`;
    case 'share':
      return `${amount.percent}% of the cost, up to ${formatPrice(amount.capPence)}${upToPence === null ? '' : ` (about ${formatPrice(upToPence)} here)`}`;
    case 'funded':
      return 'may pay for the work';
    case 'loan':
      return `an interest-free loan of up to ${formatPrice(amount.upToPence)}`;
    case 'vat':
      return amount.ratePercent === 0 ? '0% VAT instead of 20%' : `${amount.ratePercent}% VAT instead of 20%`;
    case 'landlord':
      return 'your landlord may get funding';
  }
}

function offersFor(rules: readonly FundingRule[], measure: Measure, survey: Survey, extras: HomeExtras): FundingOffer[] {
  const best = new Map<string, FundingOffer>();
  for (const rule of rules.filter((r) => coversMeasure(r, measure))) {
    const upToPence = grantFor(rule.amount, measure);
    const offer: FundingOffer = {
      ruleId: rule.id,
      scheme: rule.scheme,
      amount: rule.amount,
      upToPence,
      amountText: amountText(rule.amount, upToPence),
      condition: rule.condition,
      caveat: rule.caveat ?? null,
      household: householdOf(rule, survey, extras),
      url: rule.url,
      validUntil: rule.validUntil,
      checkedOn: rule.checkedOn,
    };
    // One offer per scheme and measure: where two of a scheme's categories fit (the off-grid uplift), the larger.
    const held = best.get(rule.scheme);
    if (!held || (upToPence ?? 0) > (held.upToPence ?? 0)) best.set(rule.scheme, offer);
  }
  return [...best.values()];
}

function schemeTotals(rules: readonly FundingRule[], measures: MeasureFunding[]): SchemeTotal[] {
  const totals: SchemeTotal[] = [];
  const potRules = new Map(rules.filter((r) => r.pot).map((r) => [r.id, r.pot!]));
  const potIds = [...new Set([...potRules.values()].map((p) => p.id))];
  for (const potId of potIds) {
    const offers = measures.flatMap((m) =>
      m.offers.filter((o) => potRules.get(o.ruleId)?.id === potId && o.upToPence !== null).map((o) => ({ o, m })),
    );
    if (offers.length === 0) continue;
    const pot = potRules.get(offers[0].o.ruleId)!;
    const amounts = offers.map(({ o }) => o.upToPence!);
    let upToPence = Math.max(...amounts);
    if (pot.kind === 'capped') {
      const solidWall = offers.some(({ m }) => measureCategory(m.code) === 'solid-wall');
      const cap = solidWall && pot.capWithSolidWallPence ? pot.capWithSolidWallPence : pot.capPence;
      upToPence = Math.min(
        cap,
        amounts.reduce((a, b) => a + b, 0),
      );
    }
    totals.push({ scheme: offers[0].o.scheme, upToPence, household: offers[0].o.household });
  }
  return totals;
}

/**
 * What each recommended measure of this home may be paid for by, on the report's date: only rules
 * in force then, for the home's nation, tenure, band, fuel and gas connection as the survey says.
 * A home whose tenure was not lodged is judged as its owner's, who the report is written for.
 * Household tests (income, benefits, health) are left as conditions: the owner may answer them.
 */
export function fundingFor(
  survey: Survey,
  measures: readonly Measure[],
  onDate: string,
  extras: HomeExtras = {},
  rules = FUNDING_RULES,
): HomeFunding {
  const tenure = survey.tenure ?? 'owner-occupied';
  const applicable = rules.filter((r) => inForce(r, onDate) && fitsHome(r, survey, tenure));
  const perMeasure = measures.map((m) => ({ code: m.code, name: m.name, offers: offersFor(applicable, m, survey, extras) }));
  const schemes = schemeTotals(applicable, perMeasure);
  return { onDate, measures: perMeasure, schemes, totalPence: schemes.reduce((sum, s) => sum + s.upToPence, 0) };
}
