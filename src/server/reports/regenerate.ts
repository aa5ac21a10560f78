import type { Db } from '../platform/db/database';
import type { Deps } from '../deps';
import { reportsUsingBranding, setStatusOfReportsUsingBranding } from './repos/reports';
import { RENDER_REPORT } from './render-report';
import { REPORT_STATUS } from '../../shared/states';

/**
 * Statuses whose PDF shows a branding and can be drawn again. A Pending (premium, unfinished)
 * report keeps its state; its PDF is made when it is finalised, with the branding of that day.
 */
const RENDERED = [REPORT_STATUS.ready, REPORT_STATUS.error, REPORT_STATUS.generating, REPORT_STATUS.regenerating];

/**
 * Queues a new PDF for every live Preliminary report of the user that uses the branding, inside
 * the transaction that changes the branding: the reports say Regenerating and their jobs exist
 * together or not at all, so none is left Regenerating with no job to finish it. Returns how
 * many; call afterRegeneration once the transaction has committed.
 */
export async function queueRegeneration(deps: Deps, trx: Db, userId: number, brandingId: number): Promise<number> {
  const reports = await reportsUsingBranding(trx, userId, brandingId, RENDERED);
  if (reports.length === 0) return 0;
  // Generating stays as it is: that report has never been Ready!, so nothing is regenerated yet.
  await setStatusOfReportsUsingBranding(trx, userId, brandingId, [REPORT_STATUS.ready, REPORT_STATUS.error], REPORT_STATUS.regenerating);
  // The job reads the branding when it runs, so a render already under way is simply followed by this one.
  for (const { id } of reports) await deps.jobs.enqueue(RENDER_REPORT, { report_id: id }, Date.now(), trx);
  return reports.length;
}

/** After the commit: start on the jobs now and show Regenerating in the user's open lists. */
export function afterRegeneration(deps: Deps, userId: number, count: number): void {
  if (count === 0) return;
  deps.jobs.kick();
  deps.realtime.push(userId, 'reportListUpdate', {});
}
