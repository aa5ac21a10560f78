import type { Deps } from '../deps';
import { RENDER_PREMIUM, markPremiumFailed, renderPremium } from './render-job';

export function registerJobs(deps: Deps): void {
  deps.jobs.handle(
    RENDER_PREMIUM,
    ({ report_id }) => renderPremium(deps, report_id),
    ({ report_id }) => markPremiumFailed(deps, report_id),
  );
}
