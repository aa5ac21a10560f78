import { BANK_HOLIDAYS } from './bank-holidays';
import type { Nation } from '../funding/nation';

/** Premium reports are finalised within 3 working days of purchase (the promised Premium delivery time). */
const PREMIUM_WORKING_DAYS = 3;
const DAY_MS = 24 * 3600_000;

const holidays = Object.fromEntries(Object.entries(BANK_HOLIDAYS).map(([nation, days]) => [nation, new Set(days)])) as Record<
  Nation,
  Set<string>
>;

const londonDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date (YYYY-MM-DD) in the UK at this instant: a purchase at 00:30 BST is the next day's. */
export const ukDateOf = (at: number) => londonDate.format(new Date(at));

function isWorkingDay(date: string, nation: Nation): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays[nation].has(date);
}

/**
 * The date `days` working days after the UK date of `at`, skipping weekends and the nation's bank
 * holidays. The day of purchase itself never counts, so a purchase on a Friday before a bank
 * holiday Monday is due on the Thursday.
 */
export function addWorkingDays(at: number, days: number, nation: Nation): string {
  let date = ukDateOf(at);
  for (let left = days; left > 0;) {
    date = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    if (isWorkingDay(date, nation)) left--;
  }
  return date;
}

export const premiumDueDate = (purchasedAt: number, nation: Nation) => addWorkingDays(purchasedAt, PREMIUM_WORKING_DAYS, nation);
