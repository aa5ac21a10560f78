import type { Measure } from '../../shared/api/premium';
import type { SharedFunding } from '../../shared/api/sharing';
import type { Survey } from '../surveys/epc/survey';
import { fundingReportOf } from './funding-report';

/**
 * The owner's link: the schemes that may help with the home's measures, judged on the report's
 * date, with the same per-end sums as the reports; undefined when none do.
 */
export function sharedFundingOf(
  survey: Survey,
  measures: readonly Measure[],
  reportCreatedAt: number,
  councilTaxBand: string | null,
): SharedFunding | undefined {
  const funding = fundingReportOf(survey, measures, new Date(reportCreatedAt), { councilTaxBand });
  if (funding.schemes.length === 0) return undefined;
  return {
    grants_low_pence: funding.grants.low,
    grants_high_pence: funding.grants.high,
    on_date: funding.onDate,
    schemes: funding.schemes.map((s) => ({
      scheme: s.scheme,
      nation: s.nationLabel,
      role: s.role,
      amounts: s.amounts,
      measures: s.measures,
      condition: s.condition,
      caveat: s.caveat,
      url: s.url,
      up_to_low_pence: s.grantPence.low,
      up_to_high_pence: s.grantPence.high,
      loan: s.loan && { up_to_pence: s.loan.upToPence, rate_percent: s.loan.ratePercent, term_years: s.loan.termYears },
      household: s.household,
    })),
  };
}
