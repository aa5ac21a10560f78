import { formatLodgedCost, formatPounds } from '../../shared/money';

export const DASH = '—';

/**
 * The code points pdfkit's standard fonts can show (WinAnsi): ASCII, Latin-1 and a few
 * typographic marks. pdfkit writes anything else as a broken glyph, so it has to be mapped first.
 */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

const encodable = (cp: number) => (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);

/**
 * Text from a survey or a branding made safe for the standard fonts: Welsh 'ŵ' and 'ŷ' (and any
 * other accented letter outside WinAnsi) lose their accent, control characters become spaces and
 * what still cannot be shown becomes '?', so an address never prints as garbage.
 */
export function pdfText(value: string | null | undefined): string {
  let out = '';
  for (const ch of String(value ?? '')) {
    const cp = ch.codePointAt(0)!;
    if (encodable(cp)) out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...bare].every((c) => encodable(c.codePointAt(0)!)) ? bare : '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

export const orDash = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? DASH : pdfText(String(value));

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

export const formatDate = (date: Date): string => LONG_DATE.format(date);

/** Survey dates are lodged as 'YYYY-MM-DD'; anything else is shown as lodged. */
export function formatSurveyDate(value: string | null): string {
  if (!value) return DASH;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m) return pdfText(value);
  // Noon UTC keeps the calendar day whatever the London offset.
  return formatDate(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)));
}

/**
 * An indicative cost as lodged or typed, in the report's one money format: a range reads
 * '£100 – £350' whichever dash the register used, a bare figure ('2000') reads '£2,000', and
 * words that are no amount are shown as lodged.
 */
export function formatCost(lodged: string | null | undefined): string {
  const text = formatLodgedCost(lodged);
  return text === null ? DASH : pdfText(text);
}

/**
 * Estimated yearly costs in whole pounds with thousands separators ('£1,281'): pence add nothing
 * to an estimate, and the reports show money one way (costs as ranges of whole pounds too).
 */
export const formatPence = (pence: number | null | undefined): string =>
  pence === null || pence === undefined || !Number.isFinite(pence) ? DASH : formatPounds(pence);

/**
 * Tonnes of carbon dioxide a year, always to one decimal place ('3.0 tonnes a year' beside
 * '6.7 tonnes a year'), as the register lodges them, so two figures side by side read alike.
 */
export function formatTonnes(tonnes: number | null | undefined): string {
  if (tonnes === null || tonnes === undefined || !Number.isFinite(tonnes)) return DASH;
  // toFixed(1) of a small negative ('-0.04') gives '-0.0': an amount that rounds to nothing reads as nothing.
  const shown = tonnes.toFixed(1);
  return `${shown === '-0.0' ? '0.0' : shown} tonnes a year`;
}

export function formatArea(m2: number | null): string {
  if (m2 === null || !Number.isFinite(m2)) return DASH;
  return `${Number(m2.toFixed(1))} m²`;
}

const EFFICIENCY_WORDS = ['Very poor', 'Poor', 'Average', 'Good', 'Very good'] as const;

/** 1-5 from the survey; 0 and null are how lodgements say 'not applicable'. */
export function efficiencyWord(rating: number | null): string | null {
  if (rating === null || !Number.isInteger(rating) || rating < 1 || rating > 5) return null;
  return EFFICIENCY_WORDS[rating - 1];
}

/** 'Main-Heating' as lodged reads 'Main heating'. */
export function humaniseElement(name: string): string {
  const spaced = pdfText(name).replace(/[-_]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}
