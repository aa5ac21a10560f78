import type { Measure } from '../../shared/api/premium';
import { epcBand } from '../../shared/epc-bands';
import type { HouseholdRoute } from '../../shared/funding';
import { formatPounds } from '../../shared/money';
import { parseCostRange } from '../surveys/epc/cost-range';
import { measureCategory } from '../surveys/epc/measure-category';
import { homeNationOf } from '../surveys/epc/country';
import type { Survey, SurveyTenure } from '../surveys/epc/survey';
import type { FundingAmount, FundingRule } from './rule-types';
import { FUNDING_RULES } from './rules';

/** An amount at the low and at the high end of a cost range, in pence. */
export interface Ends {
  low: number;
  high: number;
}

export interface FundingOffer {
  ruleId: string;
  scheme: string;
  amount: FundingAmount;
  /**
   * What the rule alone may pay on this measure at each end of its cost, never more than that
   * end's cost; null for loans, VAT, unpriced funding and a measure with no readable cost.
   */
  ruleGrantPence: Ends | null;
  amountText: string;
  condition: string;
  caveat: string | null;
  household: HouseholdRoute[] | null;
  url: string;
  validUntil: string | null;
  checkedOn: string;
}

/** What funding reads of a measure: a register certificate's recommendations have no rating after each step, and need none here. */
export type FundedMeasure = Pick<Measure, 'code' | 'name' | 'implementationCost'>;

export interface MeasureOffers {
  code: string;
  name: string;
  /** The measure's estimated cost as lodged, low to high; null when it cannot be read. */
  cost: Ends | null;
  offers: FundingOffer[];
}

export const inForce = (rule: FundingRule, onDate: string) =>
  (rule.validFrom === null || onDate >= rule.validFrom) && (rule.validUntil === null || onDate <= rule.validUntil);

/** The YYYY-MM-DD of a moment in UK terms is close enough at midnight UTC for dates set to whole days. */
export const isoDate = (at: Date) => at.toISOString().slice(0, 10);

function coversMeasure(rule: FundingRule, measure: FundedMeasure): boolean {
  const number = /^\d+$/.test(measure.code) ? Number(measure.code) : null;
  return (
    (number !== null && (rule.measures.numbers ?? []).includes(number)) ||
    (rule.measures.categories ?? []).includes(measureCategory(measure.code))
  );
}

/** The home's own facts that decide a rule, before any measure or household question. */
function fitsHome(rule: FundingRule, survey: Survey, tenure: SurveyTenure): boolean {
  if (!rule.nations.includes(homeNationOf(survey))) return false;
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
  return (rule.councilTaxBands[homeNationOf(survey)] ?? '').includes(band.toUpperCase());
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

/** Whole pounds, rounded down: an 'up to' is never more than the share. */
const shareOf = (costPence: number, percent: number) => Math.floor((costPence * percent) / 10_000) * 100;

/** What a grant rule alone pays on a measure costing this much: never more than the cost. */
function grantAt(amount: FundingAmount, costPence: number): number | null {
  if (amount.kind === 'grant') return Math.min(amount.upToPence, costPence);
  if (amount.kind === 'share') return Math.min(amount.capPence, shareOf(costPence, amount.percent), costPence);
  return null;
}

function ruleGrantOf(amount: FundingAmount, cost: Ends | null): Ends | null {
  if (!cost) return null;
  const low = grantAt(amount, cost.low);
  const high = grantAt(amount, cost.high);
  return low === null || high === null ? null : { low, high };
}

/** The most a rule can pay anywhere, to choose between two rules of one scheme for a measure. */
const ruleMaximum = (amount: FundingAmount) => (amount.kind === 'grant' ? amount.upToPence : amount.kind === 'share' ? amount.capPence : 0);

const loanTermText = (termYears: number | null) =>
  termYears === null ? 'term set by the lender' : `over up to ${termYears} year${termYears === 1 ? '' : 's'}`;

/** 'an interest-free loan of up to £7,500, term set by the lender': a way to pay, never a saving. */
export function loanText(loan: { upToPence: number; ratePercent: number; termYears: number | null }): string {
  const kind = loan.ratePercent === 0 ? 'an interest-free loan' : `a loan at ${loan.ratePercent}% interest`;
  return `${kind} of up to ${formatPounds(loan.upToPence)}, ${loanTermText(loan.termYears)}`;
}

/** The rule's own amount in words; what it comes to for a home is worked out per end (plan-funding.ts). */
function amountText(amount: FundingAmount): string {
  switch (amount.kind) {
    case 'grant':
      return `up to ${formatPounds(amount.upToPence)}`;
    case 'share':
      return `${amount.percent}% of the cost, up to ${formatPounds(amount.capPence)}`;
    case 'funded':
      return 'may pay for the work';
    case 'loan':
      return loanText(amount);
    case 'vat':
      return amount.ratePercent === 0 ? '0% VAT instead of 20%' : `${amount.ratePercent}% VAT instead of 20%`;
    case 'landlord':
      return 'your landlord may get funding';
  }
}

function offersFor(
  rules: readonly FundingRule[],
  measure: FundedMeasure,
  cost: Ends | null,
  survey: Survey,
  extras: HomeExtras,
): FundingOffer[] {
  const best = new Map<string, FundingOffer>();
  for (const rule of rules.filter((r) => coversMeasure(r, measure))) {
    const offer: FundingOffer = {
      ruleId: rule.id,
      scheme: rule.scheme,
      amount: rule.amount,
      ruleGrantPence: ruleGrantOf(rule.amount, cost),
      amountText: amountText(rule.amount),
      condition: rule.condition,
      caveat: rule.caveat ?? null,
      household: householdOf(rule, survey, extras),
      url: rule.url,
      validUntil: rule.validUntil,
      checkedOn: rule.checkedOn,
    };
    // One offer per scheme and measure: where two of a scheme's rules fit (the off-grid uplift), the larger.
    const held = best.get(rule.scheme);
    if (!held || ruleMaximum(offer.amount) > ruleMaximum(held.amount)) best.set(rule.scheme, offer);
  }
  return [...best.values()];
}

/**
 * The rules in force on the day that fit the home: its nation (homeNationOf: for an England and
 * Wales lodgement, its postcode), tenure, band, fuel and gas connection as the survey says. A home
 * whose tenure was not lodged is judged as its owner's, who the report is written for.
 */
export function rulesForHome(survey: Survey, onDate: string, rules: readonly FundingRule[] = FUNDING_RULES): FundingRule[] {
  const tenure = survey.tenure ?? 'owner-occupied';
  return rules.filter((r) => inForce(r, onDate) && fitsHome(r, survey, tenure));
}

/**
 * What each measure may be paid for by under these rules, before any pot or per-home limit.
 * Household tests (income, benefits, health) are left as conditions: the owner may answer them.
 */
export function measureOffers(
  survey: Survey,
  measures: readonly FundedMeasure[],
  rules: readonly FundingRule[],
  extras: HomeExtras = {},
): MeasureOffers[] {
  return measures.map((m) => {
    const cost = parseCostRange(m.implementationCost);
    return { code: m.code, name: m.name, cost, offers: offersFor(rules, m, cost, survey, extras) };
  });
}
