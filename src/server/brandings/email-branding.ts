import { DEFAULT_BRAND_COLOUR } from '../../shared/constants';
import { findUserById } from '../access/repos/users';
import { findBranding } from './repos/brandings';
import type { Db } from '../platform/db/database';
import type { Deps } from '../deps';
import type { EmailBranding } from '../platform/email/branded-email';

/**
 * How long an emailed logo's address works: seven days, the longest a presigned S3 address can
 * last (https://docs.aws.amazon.com/AmazonS3/latest/userguide/using-presigned-url.html). After it
 * the email still names the company: the image's alt text and the contact block.
 */
const EMAIL_LOGO_TTL_MS = 7 * 24 * 3600_000;

/** Logos mail programs draw: Gmail and Outlook show no SVG. */
const MAILABLE_LOGO = /\.(?:png|jpe?g|gif)$/i;

/**
 * The report's branding and its assessor's contact, as an owner's email shows them. Read inside
 * the caller's transaction (`db`) where there is one, so the email matches what it commits.
 */
export async function emailBrandingOf(
  deps: Pick<Deps, 'storage' | 'config'>,
  db: Db,
  report: { user_id: number; branding_id: number | null },
): Promise<EmailBranding> {
  const user = await findUserById(db, report.user_id);
  const branding = report.branding_id ? await findBranding(db, report.branding_id) : undefined;
  const logoKey = branding?.image_key && MAILABLE_LOGO.test(branding.image_key) ? branding.image_key : '';
  // Local storage signs a path on this server; a mail program needs the whole address.
  const logoUrl = logoKey ? new URL(await deps.storage.signedUrl(logoKey, EMAIL_LOGO_TTL_MS), deps.config.publicUrl).href : undefined;
  return {
    companyName: branding?.company_name || user?.name || '',
    colour: branding?.colour || DEFAULT_BRAND_COLOUR,
    ...(logoUrl ? { logoUrl } : {}),
    assessorName: user?.name ?? '',
    phone: user?.phone ?? '',
    email: user?.email ?? '',
  };
}
