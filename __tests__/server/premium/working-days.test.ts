import { BANK_HOLIDAYS } from '../../../src/server/premium/bank-holidays';
import { addWorkingDays, premiumDueDate, ukDateOf } from '../../../src/server/premium/working-days';

/** Noon UK time on a date (BST or GMT alike): the purchase's UK date is that date. */
const noon = (date: string) => Date.parse(`${date}T11:00:00Z`);

describe('a Premium report is due 3 working days after purchase', () => {
  it('skips the weekend', () => {
    expect(premiumDueDate(noon('2026-11-04'), 'england-and-wales')).toBe('2026-11-09'); // Wednesday -> Monday
    expect(premiumDueDate(noon('2026-11-06'), 'england-and-wales')).toBe('2026-11-11'); // Friday -> Wednesday
    expect(premiumDueDate(noon('2026-11-07'), 'england-and-wales')).toBe('2026-11-11'); // Saturday -> Wednesday
  });

  it('skips the bank holiday Monday after a Friday purchase, and Easter', () => {
    expect(premiumDueDate(noon('2026-08-28'), 'england-and-wales')).toBe('2026-09-03');
    expect(premiumDueDate(noon('2026-04-02'), 'england-and-wales')).toBe('2026-04-09'); // Good Friday and Easter Monday
    // Scotland has no Easter Monday holiday, and its summer holiday is the first Monday of August.
    expect(premiumDueDate(noon('2026-04-02'), 'scotland')).toBe('2026-04-08');
    expect(premiumDueDate(noon('2026-08-28'), 'scotland')).toBe('2026-09-02');
    expect(premiumDueDate(noon('2026-07-31'), 'scotland')).toBe('2026-08-06');
  });

  it("skips St Andrew's Day in Scotland only, with its substitute day", () => {
    expect(premiumDueDate(noon('2026-11-27'), 'scotland')).toBe('2026-12-03');
    expect(premiumDueDate(noon('2026-11-27'), 'england-and-wales')).toBe('2026-12-02');
    // 30 November 2025 was a Sunday: Monday 1 December was the holiday.
    expect(premiumDueDate(noon('2025-11-28'), 'scotland')).toBe('2025-12-04');
  });

  it("skips St Patrick's Day and the Battle of the Boyne in Northern Ireland only", () => {
    expect(premiumDueDate(noon('2026-03-16'), 'northern-ireland')).toBe('2026-03-20');
    expect(premiumDueDate(noon('2026-03-16'), 'england-and-wales')).toBe('2026-03-19');
    // 12 July 2026 is a Sunday: Monday 13 July is the holiday.
    expect(premiumDueDate(noon('2026-07-10'), 'northern-ireland')).toBe('2026-07-16');
  });

  it('skips Christmas substitute days and the Scottish 2 January', () => {
    // Boxing Day 2026 is a Saturday: Monday 28 December is the holiday.
    expect(premiumDueDate(noon('2026-12-24'), 'england-and-wales')).toBe('2026-12-31');
    expect(premiumDueDate(noon('2026-12-31'), 'england-and-wales')).toBe('2027-01-06');
    expect(premiumDueDate(noon('2026-12-31'), 'scotland')).toBe('2027-01-07'); // 4 January 2027 replaces 2 January
    expect(premiumDueDate(noon('2027-12-24'), 'england-and-wales')).toBe('2027-12-31');
  });

  it('counts from the UK date of the purchase, not the UTC one', () => {
    // 23:30 UTC on Friday 3 July 2026 is 00:30 on Saturday in London (BST).
    expect(ukDateOf(Date.parse('2026-07-03T23:30:00Z'))).toBe('2026-07-04');
    expect(premiumDueDate(Date.parse('2026-07-03T23:30:00Z'), 'england-and-wales')).toBe('2026-07-08');
    expect(premiumDueDate(Date.parse('2026-07-03T22:30:00Z'), 'england-and-wales')).toBe('2026-07-08');
    expect(ukDateOf(Date.parse('2026-01-09T23:30:00Z'))).toBe('2026-01-09'); // GMT in winter
  });

  it('lists only weekdays, each year of each nation once, in order', () => {
    for (const days of Object.values(BANK_HOLIDAYS)) {
      expect(days.every((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))).toBe(true);
      expect([...days].sort()).toEqual(days);
      expect(new Set(days.map((d) => d.slice(0, 4)))).toEqual(new Set(['2025', '2026', '2027', '2028']));
    }
    expect(addWorkingDays(noon('2028-12-22'), 1, 'england-and-wales')).toBe('2028-12-27');
  });
});
