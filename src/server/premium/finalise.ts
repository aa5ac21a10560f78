import type { z } from 'zod';
import type * as premium from '../../shared/api/premium';
import { BUYER, REPORT_STATUS } from '../../shared/states';
import { inTransaction, isUniqueViolation } from '../platform/db/database';
import type { Deps } from '../deps';
import { WITHOUT_KEY, type Idempotency } from '../platform/http/idempotency';
import { badRequest, notFound } from '../platform/http/http-error';
import { moveReportStatus } from '../reports/repos/reports';
import { checkFinalise } from './finalise-input';
import { purchaseDetailsOf } from './purchase-details';
import { findPremiumReport, insertPremiumReport } from './repos/premium-reports';
import { usersPremiumReport } from './repos/pending-reports';
import { RENDER_PREMIUM } from './render-job';
import { reportBasis, REPORT_NOT_FOUND } from './unprocessed';

type FinaliseBody = z.output<typeof premium.finalisePremiumReport.request>;

const ALREADY_FINALISED = 'This Premium report has already been finalised.';

/** The finalise answer: whether the owner will be emailed their link when the PDF is ready. */
export type Finalised = z.output<typeof premium.finalisePremiumReport.response>;

/**
 * The assessor finalises a Pending Premium report: what they chose is checked and kept, the
 * report moves to Generating and its PDF is queued, all in one transaction, so a report is never
 * out of Pending without its choices and a job to draw them, nor without the answer kept for its
 * Idempotency-Key. The owner is emailed their link when the PDF is ready (render-job.ts), so the
 * link they are sent always opens, and only when they bought it with their email: the answer says
 * which, so the assessor is told nobody was emailed when nobody will be.
 */
export async function finalisePremiumReport(
  deps: Deps,
  userId: number,
  body: FinaliseBody,
  idempotency: Idempotency = WITHOUT_KEY,
): Promise<Finalised> {
  const row = await usersPremiumReport(deps.db, userId, body.report_id);
  if (!row || row.deleted_at !== null) throw notFound(REPORT_NOT_FOUND);
  if (row.status !== REPORT_STATUS.pending) {
    if (await findPremiumReport(deps.db, row.id)) throw badRequest(ALREADY_FINALISED);
    throw notFound(REPORT_NOT_FOUND);
  }
  const purchase = purchaseDetailsOf(row);
  const choice = checkFinalise(body, reportBasis(row), purchase.priority);
  // The same test render-job.ts makes before it emails the owner.
  const finalised: Finalised = {
    success: true,
    owner_emailed_when_ready: purchase.boughtBy === BUYER.owner && purchase.buyerEmail !== '',
  };
  const now = Date.now();
  try {
    await inTransaction(deps.db, async (tx) => {
      // Only from Pending: of two finalisings at once, the second finds it moved and changes nothing.
      if (!(await moveReportStatus(tx, row.id, REPORT_STATUS.pending, REPORT_STATUS.generating, now))) throw badRequest(ALREADY_FINALISED);
      await insertPremiumReport(tx, {
        report_id: row.id,
        plans: JSON.stringify(choice.plans),
        custom_plan: choice.customPlan ? JSON.stringify(choice.customPlan) : null,
        custom_plan_name: choice.customPlanName,
        remarks: choice.remarks,
        measures: JSON.stringify(choice.measures),
        finalised_at: now,
      });
      await deps.jobs.enqueue(RENDER_PREMIUM, { report_id: row.id }, now, tx);
      // With the work: a retry of a lost answer gets this answer, not "already finalised".
      await idempotency.keep(tx, finalised);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(ALREADY_FINALISED);
    throw err;
  }
  deps.jobs.kick();
  deps.realtime.push(userId, 'pendingUpdate', {});
  deps.realtime.push(userId, 'reportListUpdate', { report_id: row.id });
  return finalised;
}
