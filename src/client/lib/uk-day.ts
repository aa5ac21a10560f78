/** The assessors work in the UK: a moment is shown as the day it was there. */
const ukDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

/** Epoch seconds (a list row's created_at) -> "25 Nov 2026". */
export const ukDayText = (seconds: number) => ukDayFormat.format(new Date(seconds * 1000));
