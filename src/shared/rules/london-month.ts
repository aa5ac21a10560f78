/**
 * Months of the assessors' accounts, 'YYYY-MM', in UK time: a fee earned at 00:30 on 1 July in
 * summer time belongs to July, though it is still 30 June in UTC. Both sides use these, so the
 * screen's chart and the operator's payout agree on where a month begins.
 */

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsOf(epochMs: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  const parts = Object.fromEntries(londonParts.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The UK month an instant falls in. */
export function londonMonthOf(epochMs: number): string {
  const { year, month } = partsOf(epochMs);
  return `${year}-${pad(month)}`;
}

/** An instant as UK clocks showed it: '2026-07-01 00:30'. */
export function londonDateTime(epochMs: number): string {
  const { year, month, day, hour, minute } = partsOf(epochMs);
  return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`;
}

export const isMonth = (text: string): boolean => MONTH_PATTERN.test(text);

/** The month after (or, with a negative step, before) a month. */
export function addMonths(month: string, step: number): string {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + step;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The instant a UK month begins (midnight on the 1st, in GMT or BST as the date has it). */
export function londonMonthStart(month: string): number {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, 1);
  // The UK is UTC or an hour ahead, and the clocks never change on the 1st: the UK clock at UTC
  // midnight shows how far ahead it is on that day.
  const { hour, minute } = partsOf(utcMidnight);
  return utcMidnight - (hour * 60 + minute) * 60_000;
}

/** The `count` months ending with `last`, oldest first. */
export function monthsEndingWith(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));
}

/** 'YYYY-MM' as people say it: 'November 2026'. */
export function monthName(month: string, style: 'long' | 'short' = 'long'): string {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return month;
  const names = style === 'long' ? LONG_NAMES : SHORT_NAMES;
  return style === 'long' ? `${names[Number(match[2]) - 1]} ${match[1]}` : names[Number(match[2]) - 1];
}

const LONG_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_NAMES = LONG_NAMES.map((n) => n.slice(0, 3));
