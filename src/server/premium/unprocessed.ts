import type { z } from 'zod';
import type * as premium from '../../shared/api/premium';
import { CUSTOM_PLAN_DEFAULT_NAME, CUSTOM_PLAN_MEASURES_LIMIT } from '../../shared/constants';
import { REPORT_STATUS } from '../../shared/states';
import type { Db } from '../platform/db/database';
import { notFound } from '../platform/http/http-error';
import { figuresOfReport } from '../reports/report-figures';
import { lettingOf } from '../funding/letting';
import { computePlans } from './plans';
import type { StartRatings } from '../../shared/rules/plan-totals';
import { purchaseDetailsOf } from './purchase-details';
import { usersPremiumReport, type PremiumWithPurchase } from './repos/pending-reports';

type ReportData = z.input<typeof premium.unprocessedPremiumReport.response>['report_data'];

export const REPORT_NOT_FOUND = 'That report does not exist.';

/** What a Premium report is made from: its survey, its measures in sequence and the ratings they start from. */
export function reportBasis(row: Pick<PremiumWithPurchase, 'survey' | 'measures'>) {
  const { survey, measures } = figuresOfReport(row);
  const start: StartRatings = { epc: survey.energyRating.current, eir: survey.environmentalImpact.current };
  return { survey, measures, start };
}

/** The user's own live Premium report waiting to be finalised; anything else (another's, finalised, unpaid, deleted) reads as missing. */
async function pendingReportOf(db: Db, userId: number, reportId: number): Promise<PremiumWithPurchase> {
  const row = await usersPremiumReport(db, userId, reportId);
  if (!row || row.deleted_at !== null || row.status !== REPORT_STATUS.pending) throw notFound(REPORT_NOT_FOUND);
  return row;
}

/** The finalise screen's data: the survey's measures, the plans computed from them, and the rules for the assessor's own plan. */
export async function unprocessedReport(db: Db, userId: number, reportId: number): Promise<ReportData> {
  const row = await pendingReportOf(db, userId, reportId);
  const { survey, measures, start } = reportBasis(row);
  const { priority } = purchaseDetailsOf(row);
  const letting = lettingOf(survey, measures);
  return {
    name: row.name,
    measures,
    plans: computePlans(measures, start, priority),
    epcStart: start.epc,
    eirStart: start.eir,
    // The assessor builds their own plan from nothing: a copy of a computed one would add nothing.
    customPlanMeasures: [],
    customPlanMeasuresLimit: CUSTOM_PLAN_MEASURES_LIMIT,
    customPlanDefaultName: CUSTOM_PLAN_DEFAULT_NAME,
    priority,
    // The finalise screen shows the minimum and the route to C; the funding figures are the PDFs'.
    letting: letting && {
      minimumBand: letting.minimumBand,
      meetsMinimum: letting.meetsMinimum,
      toReachC: letting.toReachC && letting.toReachC.map((m) => m.code),
    },
  };
}
