import * as reports from '../../shared/api/reports';
import type { Deps } from '../deps';
import type { Routes } from '../http/route';
import { idempotent, userScope } from '../http/idempotency';
import { finalisePremiumReport } from './finalise';
import { pendingList } from './pending-list';
import { unprocessedReport } from './unprocessed';

export function premiumRoutes(routes: Routes, deps: Deps): void {
  routes.userCall(reports.pendingList, async ({ user }) => ({
    success: true as const,
    reports_list: await pendingList(deps.db, deps.config.publicUrl, user.id),
  }));

  routes.userCall(reports.unprocessedPremiumReport, async ({ body, user }) => ({
    success: true as const,
    report_data: await unprocessedReport(deps.db, user.id, body.report_id),
  }));

  routes.userCall(reports.finalisePremiumReport, ({ body, user, request, reply }) =>
    idempotent(deps.db, request, reply, { call: reports.finalisePremiumReport, scope: userScope(user.id), body }, (idempotency) =>
      finalisePremiumReport(deps, user.id, body, idempotency),
    ),
  );
}
