import { reportPdfFilename } from './pdf-filename';
import * as reports from '../../shared/api/reports';
import type { Deps } from '../deps';
import { HttpError, badRequest, notFound } from '../platform/http/http-error';
import type { z } from 'zod';
import type { Routes } from '../platform/http/route';
import { KeptAnswer } from '../platform/http/kept-answer';
import { idempotent, userScope } from '../platform/http/idempotency';
import { createPreliminaryReport } from './create';
import { eraseReport } from './purge-deleted';
import { listReports } from './list';
import { listCache } from './list-cache';
import { findUsersReport, setReportDeletedAt } from './repos/reports';
import { DELETE_MODE, REPORT_STATUS, REPORT_TYPE } from '../../shared/states';

const PREMIUM_NOT_DELETABLE = 'Premium reports can not be deleted';

/** A report's PDF address works for five minutes: long enough to open, too short to pass around. */
const REPORT_URL_TTL_MS = 5 * 60_000;

export function reportRoutes(routes: Routes, deps: Deps): void {
  const { db } = deps;

  /** The user's own report, or the same 404 a missing one gets. */
  const ownReport = async (userId: number, reportId: number) => {
    const row = await findUsersReport(db, userId, reportId);
    if (!row) throw notFound('That report does not exist.');
    return row;
  };

  // Kept as sent: a kept page is turned into JSON and compressed once, not per request; and answered at once, with no promise made.
  const lists = listCache<KeptAnswer<z.input<typeof reports.reportsList.response>>>();
  routes.userCall(reports.reportsList, ({ query, user }) => {
    const q = { userId: user.id, mode: query.mode, deleted: query.deleted === 'yes', search: query.search ?? '', page: query.page ?? 1 };
    return lists.answer(q, user.listVersion, async () => {
      const { items, total, page } = await listReports(db, deps.config.publicUrl, q);
      return new KeptAnswer({ success: true as const, reports_list: items, total, page });
    });
  });

  routes.userCall(
    reports.createReport,
    ({ body, user, request, reply }) =>
      idempotent(db, request, reply, { call: reports.createReport, scope: userScope(user.id), body }, (idempotency) =>
        createPreliminaryReport(deps, user, body, idempotency),
      ),
    { perMinute: 30 },
  );

  routes.userCall(reports.reportUrl, async ({ body, user }) => {
    const report = await ownReport(user.id, body.report_id);
    if (report.deleted_at) throw notFound('That report has been deleted.');
    if (!report.pdf_key)
      throw new HttpError(
        409,
        report.status === REPORT_STATUS.error ? 'This report could not be generated.' : 'The report is still being generated.',
      );
    return {
      success: true as const,
      report_url: await deps.storage.signedUrl(report.pdf_key, REPORT_URL_TTL_MS, {
        filename: reportPdfFilename(report.name, report.type),
      }),
    };
  });

  routes.userCall(reports.reportDelete, async ({ body, user }) => {
    const report = await ownReport(user.id, body.report_id);
    if (report.status === REPORT_STATUS.pending) throw badRequest('Pending reports can not be deleted');
    // What an owner or the assessor paid for stays: otherwise the owner's link breaks and the report cannot be bought again.
    if (report.type === REPORT_TYPE.premium) throw badRequest(PREMIUM_NOT_DELETABLE);
    if (body.delete_mode === DELETE_MODE.delete) {
      await setReportDeletedAt(db, report.id, Date.now());
    } else if (body.delete_mode === DELETE_MODE.undelete) {
      await setReportDeletedAt(db, report.id, null);
    } else if (!report.deleted_at || !(await eraseReport(deps, report))) {
      // Restored meanwhile (another tab) counts as never deleted.
      throw badRequest('Delete the report first; it can then be deleted permanently from Deleted Reports.');
    }
    deps.realtime.push(user.id, 'reportListUpdate', { report_id: report.id });
    return { success: true as const };
  });
}
