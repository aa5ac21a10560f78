import type { Measure } from '../../shared/api/reports';
import { epcBand } from '../../shared/epc-bands';
import type { Survey } from '../surveys/epc/survey';
import { cheapestToC } from './cheapest-to-c';
import { nationOf } from './nation';

/**
 * The minimum band a privately rented home must have to be let (the Minimum Energy Efficiency
 * Standard, England and Wales: E since April 2018 for new tenancies and April 2020 for all).
 * Source: https://www.gov.uk/guidance/domestic-private-rented-property-minimum-energy-efficiency-standard-landlord-guidance
 */
export const MEES_MINIMUM_BAND = 'E';
const BAND_ORDER = 'ABCDEFG';

export interface Letting {
  minimumBand: string;
  meetsMinimum: boolean;
  /** The cheapest measures, in survey order, that take the home to band C; [] when it is C already, null when none can. */
  toReachC: Measure[] | null;
}

/**
 * What the report says about letting the home, or null when no letting rule applies to it. The
 * standard covers private rented homes in England and Wales only (funding-rules.md section 3):
 * social housing is outside it, Scotland's standard is proposed but not in force, and Northern
 * Ireland has none; an owner-occupied home or one whose tenure was not lodged gets no section.
 */
export function lettingOf(survey: Survey, measures: readonly Measure[]): Letting | null {
  if (survey.tenure !== 'rented-private' || nationOf(survey.country) !== 'england-and-wales') return null;
  const current = survey.energyRating.current;
  const toC = cheapestToC(measures, current);
  return {
    minimumBand: MEES_MINIMUM_BAND,
    meetsMinimum: BAND_ORDER.indexOf(epcBand(current)) <= BAND_ORDER.indexOf(MEES_MINIMUM_BAND),
    toReachC: toC && toC.map((i) => measures[i]),
  };
}
