import type { PortfolioHome, PortfolioView } from '../../../shared/api/portfolios';
import { formatPoundRange, formatPounds } from '../../../shared/money';
import { NOT_APPLICABLE } from '../../../shared/portfolio-table';

/*
 * The words and numbers the compliance view is written in, kept in one place so the summary, the
 * table and a home's page say the same thing the same way. No zod here: the shared-link page
 * loads this, and only the contract's types (erased) may come from it.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "2030-10-01" -> "1 October 2030". Written out by hand: a day's date has no time zone, and
 * Intl would move it by one in a browser west of Greenwich.
 */
export function formatDay(isoDate: string | null): string {
  const match = isoDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate) : null;
  if (!match) return NOT_APPLICABLE;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${Number(match[3])} ${month} ${match[1]}` : NOT_APPLICABLE;
}

export type Standard = NonNullable<PortfolioView['standard_now']>;
type Ends = { low_pence: number; high_pence: number };

export const rangeText = (ends: Ends | null | undefined) => (ends ? formatPoundRange(ends.low_pence, ends.high_pence) : NOT_APPLICABLE);

export const yesNo = (value: boolean | null) => (value === null ? NOT_APPLICABLE : value ? 'Yes' : 'No');

/** The coming standard's column: a certificate at its band lodged in time keeps the home compliant until it expires. */
export const meetsNextText = (home: PortfolioHome) =>
  home.meets_next && home.compliant_until ? `Yes, until ${formatDay(home.compliant_until)}` : yesNo(home.meets_next);

/** What stands in the route's place: its steps, or why there are none. */
export function routeText(home: PortfolioHome, nextBand: string): string {
  if (home.route) return home.route.steps.map((step) => step.name).join('; ');
  return home.meets_next === false ? `No route to ${nextBand}` : NOT_APPLICABLE;
}

export const capName = (standard: Standard | null) => (standard ? `the ${formatPounds(standard.cap_pence)} cap` : 'the cap');

/** When a standard applies and how settled it is: "in force since 1 April 2020", "by 1 October 2030 (decided, awaiting legislation)". */
export function standardStatusText(standard: Standard): string {
  return standard.status === 'in-force'
    ? `in force since ${formatDay(standard.applies_from)}`
    : `by ${formatDay(standard.applies_from)} (decided, awaiting legislation)`;
}

export const yearOf = (isoDate: string) => isoDate.slice(0, 4);
