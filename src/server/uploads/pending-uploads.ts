import type { Deps } from '../deps';
import { uncheckedUploadsSince } from './repos/uploads';

const HOUR_MS = 3600_000;
/** An upload not used within a day will not be: the wizard and the branding form finish in minutes. */
export const UNUSED_UPLOAD_MAX_AGE_MS = 24 * HOUR_MS;

/**
 * Limits on what one user may leave unfinished (upload addresses not yet used, files never
 * followed up): enough for several surveys at the 5 MB limit, not enough to fill a disk.
 */
export const PENDING_UPLOADS_MAX = 20;
export const PENDING_UPLOAD_BYTES_MAX = 50 * 1024 * 1024;
export const TOO_MANY_PENDING_UPLOADS = 'You have too many unfinished uploads. Please finish the ones you started, or try again tomorrow.';

/** What the user has started and not finished: addresses still usable, and files uploaded but never checked. */
export async function pendingUploadsOf(deps: Deps, userId: number, now = Date.now()): Promise<{ count: number; bytes: number }> {
  const rows = await uncheckedUploadsSince(deps.db, userId, now - UNUSED_UPLOAD_MAX_AGE_MS);
  const pending = rows.filter((r) => (r.uploaded_at === null ? Number(r.expires_at) > now : true));
  return { count: pending.length, bytes: pending.reduce((sum, r) => sum + Number(r.size ?? 0), 0) };
}
