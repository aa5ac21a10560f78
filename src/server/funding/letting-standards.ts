import type { EpcBand } from '../../shared/epc-bands';
import type { Ends } from './eligibility';
import type { Nation } from './nation';

/**
 * A minimum energy standard for letting a privately rented home, as a dated row: when the
 * regulations are laid or changed, the rows change, not the code that reads them.
 */
export interface LettingStandard {
  id: string;
  nation: Nation;
  /** The lowest band a let home may have. */
  band: EpcBand;
  /** From when every tenancy must meet it (YYYY-MM-DD). */
  appliesFrom: string;
  /** The most a landlord must spend on one home towards it; above that a cost exemption may apply. */
  costCapPence: number;
  /** How long an exemption registered against it lasts. */
  exemptionYears: number;
  /** in-force: law today; decided: announced by the government, awaiting its legislation. */
  status: 'in-force' | 'decided';
  /**
   * A certificate rated at the band and lodged before this date keeps the home compliant until the
   * certificate expires, whatever later metrics say; null where the standard says nothing of it.
   */
  certificatesLodgedBefore: string | null;
  /** The public page the row was read from, and when. */
  source: string;
  checkedOn: string;
}

const LETTING_STANDARDS: readonly LettingStandard[] = [
  {
    // E for new tenancies since April 2018 and all tenancies since April 2020; £3,500 cap; exemptions 5 years.
    id: 'ew-mees-e',
    nation: 'england-and-wales',
    band: 'E',
    appliesFrom: '2020-04-01',
    costCapPence: 350_000,
    exemptionYears: 5,
    status: 'in-force',
    certificatesLodgedBefore: null,
    source: 'https://www.gov.uk/guidance/domestic-private-rented-property-minimum-energy-efficiency-standard-landlord-guidance',
    checkedOn: '2026-07-01',
  },
  {
    // Decided in January 2026 (the Warm Homes Plan): C-equivalent for all tenancies by 1 October
    // 2030, a £10,000 cap per home, 10-year exemptions; a current certificate at C lodged before
    // 1 October 2029 keeps the home compliant until it expires. Needs an Act of Parliament first,
    // and is measured on the reformed EPC's new metrics, which today's certificates do not carry.
    id: 'ew-2030-c',
    nation: 'england-and-wales',
    band: 'C',
    appliesFrom: '2030-10-01',
    costCapPence: 1_000_000,
    exemptionYears: 10,
    status: 'decided',
    certificatesLodgedBefore: '2029-10-01',
    source: 'https://www.gov.uk/government/consultations/improving-the-energy-performance-of-privately-rented-homes-2025-update',
    checkedOn: '2026-07-01',
  },
];

/** The standards a nation's rented homes are held to, by the date each applies from. */
function lettingStandardsOf(nation: Nation, standards: readonly LettingStandard[] = LETTING_STANDARDS): LettingStandard[] {
  return standards.filter((s) => s.nation === nation).sort((a, b) => a.appliesFrom.localeCompare(b.appliesFrom));
}

/** The standard in force on a date (the latest that applies by then), or null where none does. */
export function standardInForce(
  nation: Nation,
  onDate: string,
  standards: readonly LettingStandard[] = LETTING_STANDARDS,
): LettingStandard | null {
  return (
    lettingStandardsOf(nation, standards)
      .filter((s) => s.status === 'in-force' && s.appliesFrom <= onDate)
      .at(-1) ?? null
  );
}

/** The next standard decided after the date (the 2030 band C), or null where none is. */
export function nextStandard(
  nation: Nation,
  onDate: string,
  standards: readonly LettingStandard[] = LETTING_STANDARDS,
): LettingStandard | null {
  return lettingStandardsOf(nation, standards).find((s) => s.appliesFrom > onDate) ?? null;
}

export const standardById = (id: string): LettingStandard => LETTING_STANDARDS.find((s) => s.id === id)!;

/**
 * A route's cost against a standard's cap per home: within it at its high end, over it even at
 * its low end (so a cost exemption may apply), may exceed it (only the high end is over), or not
 * known (a step has no readable cost).
 */
export type CapStatus = 'within' | 'may-exceed' | 'over' | 'cost-unknown';

export function capStatusOf(cost: Ends | null, capPence: number): CapStatus {
  if (!cost) return 'cost-unknown';
  if (cost.low > capPence) return 'over';
  return cost.high > capPence ? 'may-exceed' : 'within';
}
