import type { ReportListItem, ReportMode } from '../../../shared/api/reports';
import { sharedPaths } from '../../../shared/links';
import { REPORT_TYPE } from '../../../shared/states';

const LANDING_PREFIX = sharedPaths.landing('');
const PREMIUM_PREFIX = sharedPaths.premium('');

/**
 * The link the owner is given, as they will open it: a finalised Premium report's is its
 * /s/premium/{id}/{slug} link (straight to the Premium PDF), built from the report's own
 * /s/{id}/{slug} address, whether the server gave a path or a full address.
 */
export function ownerLinkOf(report: Pick<ReportListItem, 'share_url'>, mode: ReportMode): string {
  const url = new URL(report.share_url, window.location.href);
  if (mode === REPORT_TYPE.premium && url.pathname.startsWith(LANDING_PREFIX) && !url.pathname.startsWith(PREMIUM_PREFIX)) {
    url.pathname = sharedPaths.premium(url.pathname.slice(LANDING_PREFIX.length));
  }
  return url.href;
}
