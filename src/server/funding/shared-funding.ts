import type { Measure } from '../../shared/api/reports';
import type { SharedFunding } from '../../shared/api/shared-reports';
import type { Survey } from '../surveys/epc/survey';
import { fundingReportOf } from './funding-report';

/** The owner's link: the schemes that may help with the home's measures, judged on the report's date; undefined when none do. */
export function sharedFundingOf(
  survey: Survey,
  measures: readonly Measure[],
  reportCreatedAt: number,
  councilTaxBand: string | null,
): SharedFunding | undefined {
  const funding = fundingReportOf(survey, measures, new Date(reportCreatedAt), { councilTaxBand });
  if (funding.schemes.length === 0) return undefined;
  return {
    total_pence: funding.totalPence,
    on_date: funding.onDate,
    schemes: funding.schemes.map((s) => ({
      scheme: s.scheme,
      amounts: s.amounts,
      measures: s.measures,
      condition: s.condition,
      caveat: s.caveat,
      url: s.url,
      up_to_pence: s.upToPence,
      household: s.household,
    })),
  };
}
