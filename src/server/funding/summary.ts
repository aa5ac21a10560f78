import type { HouseholdRoute } from '../../shared/funding';
import { formatPoundRange } from '../../shared/money';
import { NATION_NAMES } from '../surveys/epc/country';
import type { Ends, FundingOffer } from './eligibility';
import type { FundingNation, FundingRule } from './rule-types';

/** How a scheme helps: a grant with a set amount, work a scheme may fund, a landlord's scheme, a loan, or a tax relief. */
type SchemeRole = 'grant' | 'funded' | 'landlord' | 'loan' | 'relief';

/** One scheme as the reports list it: what it may pay, for which of the measures, where and on what condition. */
export interface SchemeSummary {
  scheme: string;
  /** Where the scheme applies: 'Wales', 'England and Wales', 'UK-wide'. */
  nationLabel: string;
  /** The name an owner sees, with where it applies: 'Warm Homes Nest (Wales)'. */
  title: string;
  role: SchemeRole;
  /** The rules' own amounts in words ('up to £7,500', '75% of the cost, up to £7,500'). */
  amounts: string[];
  measures: string[];
  condition: string;
  caveat: string | null;
  url: string;
  /** What the grant may come to for these measures at the low and the high end of their costs; zero for any other role. */
  grantPence: Ends;
  /** For a loan: the most it lends, its interest rate and its longest term (null: set by the lender). */
  loan: { upToPence: number; ratePercent: number; termYears: number | null } | null;
  /** For a VAT relief: the rate instead of 20%. */
  vatRatePercent: number | null;
  household: HouseholdRoute[] | null;
  checkedOn: string;
}

const NATION_ORDER: FundingNation[] = ['england', 'scotland', 'wales', 'northern-ireland'];

/** 'Wales', 'England and Wales', 'England, Scotland and Wales'; 'UK-wide' for all four. */
function nationLabel(nations: readonly FundingNation[]): string {
  const names = NATION_ORDER.filter((n) => nations.includes(n)).map((n) => NATION_NAMES[n]);
  if (names.length === NATION_ORDER.length) return 'UK-wide';
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Every nation any of a scheme's rules is for: a scheme is labelled with where it applies, not only where this home is. */
const schemeNations = (scheme: string, rules: readonly FundingRule[]): FundingNation[] => [
  ...new Set(rules.filter((r) => r.scheme === scheme).flatMap((r) => r.nations)),
];

const ROLE_ORDER: SchemeRole[] = ['grant', 'funded', 'landlord', 'loan', 'relief'];

function roleOf(offer: FundingOffer): SchemeRole {
  switch (offer.amount.kind) {
    case 'grant':
    case 'share':
      return 'grant';
    case 'vat':
      return 'relief';
    default:
      return offer.amount.kind;
  }
}

/**
 * The measures' offers grouped by scheme: grants first, largest at the high end first, then the
 * schemes that may fund the work, landlords' schemes, loans and reliefs, each in the order the
 * measures name them.
 */
export function schemeListOf(
  measures: readonly { name: string; offers: (FundingOffer & { grantPence: Ends | null })[] }[],
  rules: readonly FundingRule[],
): SchemeSummary[] {
  const byScheme = new Map<string, SchemeSummary>();
  for (const m of measures) {
    for (const o of m.offers) {
      let held = byScheme.get(o.scheme);
      if (!held) {
        const label = nationLabel(schemeNations(o.scheme, rules));
        held = {
          scheme: o.scheme,
          nationLabel: label,
          title: label ? `${o.scheme} (${label})` : o.scheme,
          role: roleOf(o),
          amounts: [],
          measures: [],
          condition: o.condition,
          caveat: o.caveat,
          url: o.url,
          grantPence: { low: 0, high: 0 },
          loan: null,
          vatRatePercent: o.amount.kind === 'vat' ? o.amount.ratePercent : null,
          household: o.household,
          checkedOn: o.checkedOn,
        };
        byScheme.set(o.scheme, held);
      }
      if (!held.amounts.includes(o.amountText)) held.amounts.push(o.amountText);
      if (!held.measures.includes(m.name)) held.measures.push(m.name);
      if (o.grantPence) held.grantPence = { low: held.grantPence.low + o.grantPence.low, high: held.grantPence.high + o.grantPence.high };
      if (o.amount.kind === 'loan' && (!held.loan || o.amount.upToPence > held.loan.upToPence)) {
        held.loan = { upToPence: o.amount.upToPence, ratePercent: o.amount.ratePercent, termYears: o.amount.termYears };
      }
    }
  }
  const rank = (s: SchemeSummary) => ROLE_ORDER.indexOf(s.role);
  return [...byScheme.values()].sort((a, b) => rank(a) - rank(b) || b.grantPence.high - a.grantPence.high);
}

/** '£3,060 – £4,590', or one amount when both ends agree. */
export const poundRange = (ends: Ends): string => formatPoundRange(ends.low, ends.high);

/** "2 July 2026" from "2026-07-02". */
export function longDate(isoDay: string): string {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const [y, m, d] = isoDay.split('-').map(Number);
  return `${d} ${months[m - 1]} ${y}`;
}
