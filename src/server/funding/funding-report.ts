import type { Measure } from '../../shared/api/reports';
import { lettingOf, scottishLettingOf } from '../premium/letting';
import type { Survey } from '../surveys/epc/survey';
import { fundingFor, isoDate, type HomeExtras, type HomeFunding } from './eligibility';
import { lettingLines } from './letting-text';
import { schemeSummaries, type SchemeSummary } from './summary';

/** Everything the reports and the owner's link show about funding and letting for one home on one date. */
export interface FundingReport {
  onDate: string;
  home: HomeFunding;
  schemes: SchemeSummary[];
  totalPence: number;
  /** Empty unless the home is privately rented in England, Wales or Scotland. */
  lettingLines: string[];
}

export function fundingReportOf(survey: Survey, measures: readonly Measure[], at: Date, extras: HomeExtras = {}): FundingReport {
  const home = fundingFor(survey, measures, isoDate(at), extras);
  return {
    onDate: home.onDate,
    home,
    schemes: schemeSummaries(home),
    totalPence: home.totalPence,
    lettingLines: lettingLines(lettingOf(survey, measures), scottishLettingOf(survey, measures)),
  };
}
