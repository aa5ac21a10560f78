import { DELETED_REPORT_RETENTION_DAYS } from '../../shared/constants';
import type { Deps } from '../deps';
import { defineScheduledJob } from '../platform/jobs/define';
import { eraseDeletedReportRow, isSurveyFileOfReport, reportsDeletedBefore, type ReportFiles } from './repos/reports';

export const PURGE_DELETED = defineScheduledJob('purge_deleted');
const DAY_MS = 24 * 3600_000;

/**
 * Erases reports deleted more than 30 days ago, with their files, once a day. One that cannot be
 * erased (storage away) does not hold up the rest; the run then fails, to be tried again.
 */
export async function purgeDeleted(deps: Deps): Promise<void> {
  const cutoff = Date.now() - DELETED_REPORT_RETENTION_DAYS * DAY_MS;
  let failed = 0;
  for (const r of await reportsDeletedBefore(deps.db, cutoff)) {
    try {
      await eraseReport(deps, r, cutoff);
    } catch (err) {
      failed++;
      deps.log.error({ err, report: r.id, files: [r.pdf_key, r.xml1_key, r.xml2_key] }, 'deleted report not fully erased');
    }
  }
  if (failed) throw new Error(`${failed} deleted report(s) not fully erased`);
}

/**
 * Erases a deleted report and its files, answering whether it did: a report restored meanwhile is
 * left as it is. `deletedBefore`: only if it was deleted before then (the purge's cutoff).
 */
export async function eraseReport(deps: Deps, r: ReportFiles, deletedBefore?: number): Promise<boolean> {
  if (!(await eraseDeletedReportRow(deps.db, r.id, deletedBefore))) return false;
  if (r.pdf_key) await deps.storage.remove(r.pdf_key);
  await removeUnusedSurveyFiles(deps, r);
  return true;
}

/**
 * After a report's row is gone: its survey files, unless another report still uses them (a
 * Premium report bought from a Preliminary one is drawn from the same files, and they go with the
 * last report using them).
 */
export async function removeUnusedSurveyFiles(deps: Deps, r: Pick<ReportFiles, 'xml1_key' | 'xml2_key'>): Promise<void> {
  for (const key of [r.xml1_key, r.xml2_key]) if (key && !(await isSurveyFileOfReport(deps.db, key))) await deps.storage.remove(key);
}
