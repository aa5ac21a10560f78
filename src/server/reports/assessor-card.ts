import type { AssessorCard } from '../../shared/api/sharing';
import type { Deps } from '../deps';
import { findUserById } from '../access/repos/users';
import { findBranding } from '../brandings/repos/brandings';
import type { ReportRow } from './repos/reports';

/** Logos on the owner's pages are signed for as long as the PDF address. */
export const LINK_FILE_TTL_MS = 3600_000;

/**
 * The report's branding and its assessor's business contact, for the owner's pages. Only these
 * fields are read out, so nothing else about the assessor (role, credits, other reports) can leak.
 */
export async function assessorCardOf(deps: Deps, report: Pick<ReportRow, 'user_id' | 'branding_id'>): Promise<AssessorCard> {
  const user = await findUserById(deps.db, report.user_id);
  const branding = report.branding_id ? await findBranding(deps.db, report.branding_id) : undefined;
  return {
    company_name: branding?.company_name ?? '',
    ...(branding?.image_key ? { logo_url: await deps.storage.signedUrl(branding.image_key, LINK_FILE_TTL_MS) } : {}),
    ...(branding?.colour ? { colour: branding.colour } : {}),
    name: user?.name ?? '',
    phone: user?.phone ?? '',
    email: user?.email ?? '',
  };
}
