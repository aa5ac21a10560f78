import type { Deps } from '../deps';
import { PURGE_DELETED, purgeDeleted } from './purge-deleted';
import { RENDER_REPORT, markRenderFailed, renderReport } from './render-report';
import { SWEEP_UPLOADS, sweepUploads } from './upload-sweep';

export async function registerJobs(deps: Deps): Promise<void> {
  deps.jobs.handle(
    RENDER_REPORT,
    ({ report_id }) => renderReport(deps, report_id),
    ({ report_id }) => markRenderFailed(deps, report_id),
  );
  await deps.jobs.daily(PURGE_DELETED, () => purgeDeleted(deps));
  await deps.jobs.daily(SWEEP_UPLOADS, () => sweepUploads(deps));
}
