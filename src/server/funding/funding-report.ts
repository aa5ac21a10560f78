import type { Measure } from '../../shared/api/premium';
import { lettingOf, scottishLettingOf } from './letting';
import type { Survey } from '../surveys/epc/survey';
import { isoDate, type Ends, type HomeExtras } from './eligibility';
import { lettingLines } from './letting-text';
import { planFundingOf, type PlanFunding } from './plan-funding';
import type { SchemeSummary } from './summary';

/** Everything the reports and the owner's link show about funding and letting for one home on one date. */
export interface FundingReport {
  onDate: string;
  /** All the home's measures as one set of steps: the same per-end sums a plan's funding makes. */
  home: PlanFunding;
  schemes: SchemeSummary[];
  /** The grants with a set amount the home may be eligible for, at the low and the high end of the measures' costs. */
  grants: Ends;
  /** Empty unless the home is privately rented in England, Wales or Scotland. */
  lettingLines: string[];
}

export function fundingReportOf(survey: Survey, measures: readonly Measure[], at: Date, extras: HomeExtras = {}): FundingReport {
  const home = planFundingOf(survey, measures, isoDate(at), extras);
  return {
    onDate: home.onDate,
    home,
    schemes: home.schemes,
    grants: home.grants,
    lettingLines: lettingLines(lettingOf(survey, measures), scottishLettingOf(survey, measures)),
  };
}
