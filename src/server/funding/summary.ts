import type { HouseholdRoute } from '../../shared/funding';
import type { HomeFunding } from './eligibility';

/** One scheme as the reports list it: what it may pay, for which of the home's measures, on what condition. */
export interface SchemeSummary {
  scheme: string;
  amounts: string[];
  measures: string[];
  condition: string;
  caveat: string | null;
  url: string;
  /** Its share of the home's 'up to' total; 0 for loans, VAT and schemes without a set amount. */
  upToPence: number;
  household: HouseholdRoute[] | null;
  checkedOn: string;
}

/** The home's offers grouped by scheme, largest set amount first, then in the order the measures name them. */
export function schemeSummaries(funding: HomeFunding): SchemeSummary[] {
  const byScheme = new Map<string, SchemeSummary>();
  for (const m of funding.measures) {
    for (const o of m.offers) {
      const held = byScheme.get(o.scheme) ?? {
        scheme: o.scheme,
        amounts: [],
        measures: [],
        condition: o.condition,
        caveat: o.caveat,
        url: o.url,
        upToPence: funding.schemes.find((s) => s.scheme === o.scheme)?.upToPence ?? 0,
        household: o.household,
        checkedOn: o.checkedOn,
      };
      // A share's "about £X here" differs per measure; the scheme line gives the rule once.
      const amount = o.amountText.replace(/ \(about £[\d,]+ here\)$/, '');
      if (!held.amounts.includes(amount)) held.amounts.push(amount);
      if (!held.measures.includes(m.name)) held.measures.push(m.name);
      byScheme.set(o.scheme, held);
    }
  }
  return [...byScheme.values()].sort((a, b) => b.upToPence - a.upToPence);
}

/** "2 July 2026" from "2026-07-02". */
export function longDate(isoDay: string): string {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const [y, m, d] = isoDay.split('-').map(Number);
  return `${d} ${months[m - 1]} ${y}`;
}
