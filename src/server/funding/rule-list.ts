import type { FundingRule } from './rule-types';
import { FUNDING_RULES } from './rules';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Operators re-check a rule before its end is this close. */
export const ENDING_SOON_DAYS = 60;
/** A rule not checked against its official page for this many months is due a check. */
export const RECHECK_MONTHS = 6;

const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;

function monthsBefore(isoDay: string, months: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

/** What needs an operator's eye on `today`: ended, ending within 60 days, not yet started, checked over 6 months ago. */
function ruleFlags(rule: FundingRule, today: string): string[] {
  const flags: string[] = [];
  if (rule.validUntil !== null) {
    const daysLeft = dayNumber(rule.validUntil) - dayNumber(today);
    if (daysLeft < 0) flags.push('ENDED');
    else if (daysLeft <= ENDING_SOON_DAYS) flags.push(`ENDS IN ${daysLeft} DAYS`);
  }
  if (rule.validFrom !== null && rule.validFrom > today) flags.push('NOT YET IN FORCE');
  if (rule.checkedOn < monthsBefore(today, RECHECK_MONTHS)) flags.push('CHECK AGAIN');
  return flags;
}

/** One row per rule: id, scheme, nations, from, until, checked, flags. */
export function ruleListRows(today: string, rules: readonly FundingRule[] = FUNDING_RULES): string[][] {
  return rules.map((r) => [
    r.id,
    r.scheme,
    r.nations.join(' '),
    `from ${r.validFrom ?? '-'}`,
    `until ${r.validUntil ?? 'no end date'}`,
    `checked ${r.checkedOn}`,
    ruleFlags(r, today).join(', ') || 'ok',
  ]);
}
