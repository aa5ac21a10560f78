import type { Nation } from '../funding/nation';

/**
 * The UK's bank holidays, 2025 to 2028, by nation, as GOV.UK publishes them
 * (https://www.gov.uk/bank-holidays, also served as https://www.gov.uk/bank-holidays.json).
 * Substitute days are listed in place of a holiday falling on a weekend (Boxing Day 2026 is
 * Monday 28 December). GOV.UK publishes about two years ahead: the 2028 dates follow the same
 * rules (Easter Sunday 16 April 2028) and must be checked against the page once it lists 2028,
 * as must any special day a government adds (a coronation or jubilee). Past 2028 only weekends
 * are skipped: add the next year here before it starts. Kept a year to a line (prettier-ignore)
 * so a reader can check them against the page.
 */
// prettier-ignore
export const BANK_HOLIDAYS: Record<Nation, readonly string[]> = {
  'england-and-wales': [
    // 2025
    '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26',
    // 2026: Boxing Day is a Saturday, substitute Monday 28 December
    '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28',
    // 2027: Christmas Day and Boxing Day are a weekend, substitutes Monday 27 and Tuesday 28 December
    '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28',
    // 2028: New Year's Day is a Saturday, substitute Monday 3 January
    '2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-08-28', '2028-12-25', '2028-12-26',
  ],
  scotland: [
    // 2025: St Andrew's Day is a Sunday, substitute Monday 1 December; no Easter Monday in Scotland
    '2025-01-01', '2025-01-02', '2025-04-18', '2025-05-05', '2025-05-26', '2025-08-04', '2025-12-01', '2025-12-25', '2025-12-26',
    // 2026
    '2026-01-01', '2026-01-02', '2026-04-03', '2026-05-04', '2026-05-25', '2026-08-03', '2026-11-30', '2026-12-25', '2026-12-28',
    // 2027: 2 January is a Saturday, substitute Monday 4 January
    '2027-01-01', '2027-01-04', '2027-03-26', '2027-05-03', '2027-05-31', '2027-08-02', '2027-11-30', '2027-12-27', '2027-12-28',
    // 2028: 1 and 2 January are a weekend, substitutes Monday 3 and Tuesday 4 January
    '2028-01-03', '2028-01-04', '2028-04-14', '2028-05-01', '2028-05-29', '2028-08-07', '2028-11-30', '2028-12-25', '2028-12-26',
  ],
  'northern-ireland': [
    // 2025: the Battle of the Boyne (12 July) is a Saturday, substitute Monday 14 July
    '2025-01-01', '2025-03-17', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-07-14', '2025-08-25', '2025-12-25', '2025-12-26',
    // 2026: 12 July is a Sunday, substitute Monday 13 July
    '2026-01-01', '2026-03-17', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-07-13', '2026-08-31', '2026-12-25', '2026-12-28',
    // 2027
    '2027-01-01', '2027-03-17', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-07-12', '2027-08-30', '2027-12-27', '2027-12-28',
    // 2028
    '2028-01-03', '2028-03-17', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-07-12', '2028-08-28', '2028-12-25', '2028-12-26',
  ],
};
