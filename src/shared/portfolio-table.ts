import type { PenceEnds, PortfolioHome, PortfolioView } from './api/portfolios';

/**
 * The portfolio's compliance table, defined once: the landlord's page, the assessor's page and
 * every export (CSV, XLSX, PDF) show these columns, in this order, with these figures. Money is
 * whole pounds as a number, so a spreadsheet can add it up; the page writes it with `formatPounds`.
 * Only type imports from the contract: the web app takes this file without zod.
 */

/** What stands in a text cell that does not apply to the home (no standard, no route needed). */
export const NOT_APPLICABLE = '—';

export type PortfolioCell = string | number;

/** text: shown as written; pounds: whole pounds, '' where unknown; number: a plain figure. */
export type PortfolioColumnKind = 'text' | 'pounds' | 'number';

export interface PortfolioColumn {
  key: string;
  header: string;
  kind: PortfolioColumnKind;
  value: (home: PortfolioHome) => PortfolioCell;
}

const yesNo = (meets: boolean | null) => (meets === null ? NOT_APPLICABLE : meets ? 'Yes' : 'No');

/** Whole pounds: pence add nothing to an estimate (money.ts). */
const wholePounds = (pence: number): number => Math.round(pence / 100);

const poundsOf = (ends: PenceEnds | null | undefined, end: 'low_pence' | 'high_pence'): PortfolioCell =>
  ends ? wholePounds(ends[end]) : '';

/** How a route's cost stands against the 2030 cap per home of £10,000, in words. */
export const CAP_WORDS: Record<NonNullable<PortfolioHome['route']>['cap'], string> = {
  within: 'Within',
  'may-exceed': 'May exceed',
  over: 'Over - exemption may apply',
  'cost-unknown': 'Cost unknown',
};

export const SOURCE_WORDS: Record<PortfolioHome['source'], string> = {
  survey: 'Survey',
  register: 'Register certificate',
};

/** Meets the coming standard: a home at C on a certificate lodged in time stays compliant until it expires. */
function meetsNextWords(home: PortfolioHome): string {
  if (home.meets_next === true && home.compliant_until) return `Yes, until ${home.compliant_until}`;
  return yesNo(home.meets_next);
}

function routeWords(home: PortfolioHome): string {
  if (home.route) return home.route.steps.map((step) => step.name).join('; ');
  return home.meets_next === false ? 'No route to C' : NOT_APPLICABLE;
}

export const PORTFOLIO_COLUMNS: readonly PortfolioColumn[] = [
  { key: 'address', header: 'Address', kind: 'text', value: (h) => h.address },
  { key: 'postcode', header: 'Postcode', kind: 'text', value: (h) => h.postcode },
  { key: 'rating', header: 'Rating', kind: 'number', value: (h) => h.rating },
  { key: 'band', header: 'Band', kind: 'text', value: (h) => h.band },
  { key: 'certificate_date', header: 'Certificate date', kind: 'text', value: (h) => h.certificate_date ?? NOT_APPLICABLE },
  { key: 'certificate_expires', header: 'Certificate expires', kind: 'text', value: (h) => h.certificate_expires ?? NOT_APPLICABLE },
  { key: 'meets_now', header: 'Meets E today', kind: 'text', value: (h) => yesNo(h.meets_now) },
  { key: 'meets_next', header: 'Meets C 2030', kind: 'text', value: meetsNextWords },
  { key: 'route', header: 'Route to C', kind: 'text', value: routeWords },
  {
    key: 'reaches',
    header: 'Reaches',
    kind: 'text',
    value: (h) => (h.route ? `${h.route.reaches} ${h.route.reaches_band}` : NOT_APPLICABLE),
  },
  { key: 'cost_low', header: 'Cost low £', kind: 'pounds', value: (h) => poundsOf(h.route?.cost, 'low_pence') },
  { key: 'cost_high', header: 'Cost high £', kind: 'pounds', value: (h) => poundsOf(h.route?.cost, 'high_pence') },
  { key: 'cap', header: 'Cap (£10,000)', kind: 'text', value: (h) => (h.route ? CAP_WORDS[h.route.cap] : NOT_APPLICABLE) },
  { key: 'grants_low', header: 'Grants up to low £', kind: 'pounds', value: (h) => poundsOf(h.route?.grants, 'low_pence') },
  { key: 'grants_high', header: 'Grants up to high £', kind: 'pounds', value: (h) => poundsOf(h.route?.grants, 'high_pence') },
  { key: 'after_low', header: 'After grants low £', kind: 'pounds', value: (h) => poundsOf(h.route?.after, 'low_pence') },
  { key: 'after_high', header: 'After grants high £', kind: 'pounds', value: (h) => poundsOf(h.route?.after, 'high_pence') },
  { key: 'source', header: 'Source', kind: 'text', value: (h) => SOURCE_WORDS[h.source] },
];

const portfolioRowOf = (home: PortfolioHome): PortfolioCell[] => PORTFOLIO_COLUMNS.map((column) => column.value(home));

/** The table in the view's order (the work order the landlord chose): headers, then one row per home. */
export function portfolioTableOf(view: Pick<PortfolioView, 'homes'>): { headers: string[]; rows: PortfolioCell[][] } {
  return { headers: PORTFOLIO_COLUMNS.map((column) => column.header), rows: view.homes.map(portfolioRowOf) };
}

/** The portfolio's totals, labelled: the Summary sheet and the PDF's first page list these. */
export function portfolioSummaryOf(view: Pick<PortfolioView, 'summary'>): { label: string; kind: PortfolioColumnKind; value: number }[] {
  const s = view.summary;
  return [
    { label: 'Homes', kind: 'number', value: s.homes },
    { label: 'Failing E today', kind: 'number', value: s.failing_now },
    { label: 'Failing C by 2030', kind: 'number', value: s.failing_next },
    { label: 'No route to C', kind: 'number', value: s.no_route },
    { label: 'Over the £10,000 cap', kind: 'number', value: s.over_cap },
    { label: 'May exceed the cap', kind: 'number', value: s.may_exceed_cap },
    { label: 'Cost unknown', kind: 'number', value: s.cost_unknown },
    { label: 'Cost low £', kind: 'pounds', value: wholePounds(s.cost.low_pence) },
    { label: 'Cost high £', kind: 'pounds', value: wholePounds(s.cost.high_pence) },
    { label: 'After grants low £', kind: 'pounds', value: wholePounds(s.after.low_pence) },
    { label: 'After grants high £', kind: 'pounds', value: wholePounds(s.after.high_pence) },
  ];
}
