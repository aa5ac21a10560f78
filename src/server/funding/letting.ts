import type { Measure } from '../../shared/api/premium';
import { bandMinimum, type EpcBand } from '../../shared/epc-bands';
import type { Survey } from '../surveys/epc/survey';
import { cheapestToC, cheapestToRating, totalCostKey } from './cheapest-to-c';
import { capStatusOf, standardById, type CapStatus } from './letting-standards';
import { nationOf } from './nation';

/**
 * The minimum band a privately rented home in England and Wales must have to be let today, the
 * most a landlord must spend towards it, and how long a registered exemption lasts (the dated rows
 * of letting-standards.ts, with their gov.uk sources).
 */
const MEES_NOW = standardById('ew-mees-e');
const MEES_MINIMUM_BAND = MEES_NOW.band;
export const MEES_COST_CAP_PENCE = MEES_NOW.costCapPence;
export const MEES_EXEMPTION_YEARS = MEES_NOW.exemptionYears;

/**
 * The standard the government decided in January 2026 (band C for every tenancy by 1 October
 * 2030). The new metrics are not in today's survey, so the current rating stands in for them.
 */
const DECIDED_2030 = standardById('ew-2030-c');
export const MEES_2030 = {
  band: DECIDED_2030.band,
  date: DECIDED_2030.appliesFrom,
  costCapPence: DECIDED_2030.costCapPence,
  exemptionYears: DECIDED_2030.exemptionYears,
  url: DECIDED_2030.source,
} as const;

/** Scotland's draft regulations (consulted on June to August 2025): proposed, not law. */
export const SCOTLAND_PROPOSAL = {
  band: 'C',
  newTenanciesFrom: '2028-04-01',
  allTenanciesBy: '2033',
  url: 'https://www.gov.scot/publications/consultation-draft-energy-efficiency-domestic-private-rented-property-scotland-regulations/pages/3/',
} as const;

const meets = (rating: number, band: EpcBand) => rating >= bandMinimum(band);

/** A set of measures' summed lodged cost against a cap. */
function withinCap(steps: readonly Measure[], capPence: number): CapStatus {
  const [uncosted, low, high] = totalCostKey(steps);
  return capStatusOf(uncosted > 0 ? null : { low, high }, capPence);
}

export interface Letting {
  minimumBand: string;
  meetsMinimum: boolean;
  /** The cheapest measures, in survey order, that take the home to band C; [] when it is C already, null when none can. */
  toReachC: Measure[] | null;
  /** The same for the minimum band E, with the £3,500 cap it is measured against. */
  toReachMinimum?: Measure[] | null;
  minimumCostCapPence?: number;
  /** Null when no set of measures reaches the minimum. */
  minimumWithinCap?: CapStatus | null;
  /** The decided 2030 standard (pending legislation): whether the home meets it now, and the cost of reaching it against its cap. */
  target2030?: { meets: boolean; withinCap: CapStatus | null };
}

export interface ScottishLetting {
  /** Whether the current rating is band C or better; the proposal uses a new Heat Retention Rating not in today's survey. */
  meetsOnCurrentRating: boolean;
  toReachC: Measure[] | null;
}

/**
 * What the report says about letting the home, or null when no letting rule applies to it. The
 * standard covers private rented homes in England and Wales only (the guidance is at
 * https://www.gov.uk/guidance/domestic-private-rented-property-minimum-energy-efficiency-standard-landlord-guidance):
 * social housing is outside it, Scotland's standard is proposed but not in force, and Northern
 * Ireland has none; an owner-occupied home or one whose tenure was not lodged gets no section.
 */
export function lettingOf(survey: Survey, measures: readonly Measure[]): Letting | null {
  if (survey.tenure !== 'rented-private' || nationOf(survey.country) !== 'england-and-wales') return null;
  const current = survey.energyRating.current;
  const pick = (indices: number[] | null) => indices && indices.map((i) => measures[i]);
  const toReachC = pick(cheapestToC(measures, current));
  const toReachMinimum = pick(cheapestToRating(measures, current, bandMinimum(MEES_MINIMUM_BAND)));
  return {
    minimumBand: MEES_MINIMUM_BAND,
    meetsMinimum: meets(current, MEES_MINIMUM_BAND),
    toReachC,
    toReachMinimum,
    minimumCostCapPence: MEES_COST_CAP_PENCE,
    minimumWithinCap: toReachMinimum && withinCap(toReachMinimum, MEES_COST_CAP_PENCE),
    target2030: { meets: meets(current, MEES_2030.band), withinCap: toReachC && withinCap(toReachC, MEES_2030.costCapPence) },
  };
}

/** For a private rented home in Scotland: how it stands against the proposed standard, said to be a proposal. */
export function scottishLettingOf(survey: Survey, measures: readonly Measure[]): ScottishLetting | null {
  if (survey.tenure !== 'rented-private' || nationOf(survey.country) !== 'scotland') return null;
  const toC = cheapestToC(measures, survey.energyRating.current);
  return { meetsOnCurrentRating: meets(survey.energyRating.current, SCOTLAND_PROPOSAL.band), toReachC: toC && toC.map((i) => measures[i]) };
}
