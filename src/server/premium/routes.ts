import * as premium from '../../shared/api/premium';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';
import { idempotent, userScope } from '../platform/http/idempotency';
import { finalisePremiumReport } from './finalise';
import { pendingList } from './pending-list';
import { unprocessedReport } from './unprocessed';
import { sampleReportUrls } from './samples';

export function premiumRoutes(routes: Routes, deps: Deps): void {
  // The sample Preliminary and Premium reports a new assessor looks at before their first survey.
  routes.userCall(premium.reportsDemo, async () => ({ success: true as const, ...(await sampleReportUrls(deps)) }));

  routes.userCall(premium.pendingList, async ({ user }) => ({
    success: true as const,
    reports_list: await pendingList(deps.db, deps.config.publicUrl, user.id),
  }));

  routes.userCall(premium.unprocessedPremiumReport, async ({ body, user }) => ({
    success: true as const,
    report_data: await unprocessedReport(deps.db, user.id, body.report_id),
  }));

  routes.userCall(premium.finalisePremiumReport, ({ body, user, request, reply }) =>
    idempotent(deps.db, request, reply, { call: premium.finalisePremiumReport, scope: userScope(user.id), body }, (idempotency) =>
      finalisePremiumReport(deps, user.id, body, idempotency),
    ),
  );
}
