import { formatPoundRange, type CostRange } from '../../../shared/money';

// The reading of a lodged cost lives in src/shared/money.ts, so the web app reads costs the same
// way the server does; it is re-exported here for the survey code that has always found it here.
export { formatPounds, parseCostRange, type CostRange } from '../../../shared/money';

/**
 * A total of indicative costs in the report's one range form: "£4,015 – £6,030", or "£1,000"
 * when both ends agree. Totals are stored in report rows as written; displays re-format what
 * they read (parseCostRange reads this form and the register's hyphen alike).
 */
export function formatCostRange(range: CostRange): string {
  return formatPoundRange(range.low, range.high);
}

export const addRanges = (a: CostRange, b: CostRange): CostRange => ({ low: a.low + b.low, high: a.high + b.high });
