/** The assessors work in the UK: "today" and purchase times are read on the UK's clock. */
const UK = 'Europe/London';

/** A due date is a calendar day (YYYY-MM-DD), not an instant: read and shown as that day, wherever the browser is. */
const dueFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: UK });
const boughtFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: UK,
});

/** "2026-11-27" -> "Fri 27 Nov". */
export function dueDayText(dueDate: string): string {
  const [year, month, day] = dueDate.split('-').map(Number);
  return dueFormat.format(new Date(Date.UTC(year, month - 1, day)));
}

/** Today in the UK as YYYY-MM-DD, which orders like the due dates do. */
const ukToday = (now = new Date()) => dayFormat.format(now);

/** Overdue once the UK's today is past the due day: the due day itself still counts as in time. */
export const isOverdue = (dueDate: string, now = new Date()) => ukToday(now) > dueDate;

/** Epoch seconds -> "25 Nov 2026, 14:05". */
export const boughtText = (seconds: number) => boughtFormat.format(new Date(seconds * 1000));
