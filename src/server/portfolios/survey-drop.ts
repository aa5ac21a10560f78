import type { z } from 'zod';
import type { addPortfolioSurvey } from '../../shared/api/portfolios';
import { DEFAULT_BRANDING_ID } from '../../shared/constants';
import { REPORT_STATUS, REPORT_TYPE } from '../../shared/states';
import type { Deps } from '../deps';
import { inTransaction } from '../platform/db/database';
import { WITHOUT_KEY, type Idempotency } from '../platform/http/idempotency';
import type { SessionUser } from '../platform/http/sessions';
import { reportRowFrom } from '../reports/create';
import { RENDER_REPORT } from '../reports/render-report';
import { insertReport } from '../reports/repos/reports';
import { queuePostcodeLookup } from './jobs';
import { insertReportHome } from './repos/homes';
import { touchPortfolio, type PortfolioRow } from './repos/portfolios';

type SurveyBody = z.output<typeof addPortfolioSurvey.request>;

/**
 * One survey file of a portfolio's drop made into a Preliminary report in the portfolio's branding
 * and added as a home. The file was uploaded and checked as the wizard's file A is, so what the
 * wizard refuses is refused here too (reportRowFrom reads only a checked file A). The landlord's
 * council tax band is not asked of a drop of many homes: the report goes without it. The report,
 * its home, its PDF's job and its postcode's lookup are written in one transaction, with the answer kept for the
 * Idempotency-Key, so a retried file never makes a second report or a report outside the portfolio.
 */
export async function addSurveyToPortfolio(
  deps: Deps,
  user: SessionUser,
  portfolio: PortfolioRow,
  body: SurveyBody,
  idempotency: Idempotency = WITHOUT_KEY,
): Promise<{ success: true; report_id: number; home_id: number }> {
  const now = Date.now();
  const row = await reportRowFrom(
    deps,
    user,
    {
      xml1_key: body.xml1_key,
      xml2_key: '',
      xml1Name: body.original_filename,
      xml2Name: '',
      cTaxPropertyAddress: '',
      selectedBranding: portfolio.branding_id === null ? DEFAULT_BRANDING_ID : String(portfolio.branding_id),
      fromPortfolioDrop: true,
    },
    { type: REPORT_TYPE.preliminary, status: REPORT_STATUS.generating },
    now,
  );
  const answer = await inTransaction(deps.db, async (tx) => {
    const reportId = await insertReport(tx, row);
    const homeId = await insertReportHome(tx, portfolio.id, reportId, now);
    await touchPortfolio(tx, portfolio.id, now);
    await deps.jobs.enqueue(RENDER_REPORT, { report_id: reportId }, now, tx);
    await queuePostcodeLookup(deps, portfolio.id, tx);
    const added = { success: true as const, report_id: reportId, home_id: homeId };
    await idempotency.keep(tx, added);
    return added;
  });
  deps.jobs.kick();
  deps.realtime.push(user.id, 'reportListUpdate', { report_id: answer.report_id });
  deps.realtime.push(user.id, 'portfolioUpdate', { portfolio_id: portfolio.id });
  return answer;
}
