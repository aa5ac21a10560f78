import type { Deps } from '../deps';
import { anyBrandingShows } from '../brandings/repos/brandings';
import { isSurveyFileOfReport } from '../reports/repos/reports';
import { deleteUpload, uncheckedUploadsSince, uploadsCreatedBefore } from './repos/uploads';

const HOUR_MS = 3600_000;
/** An upload not used within a day will not be: the wizard and the branding form finish in minutes. */
export const UNUSED_UPLOAD_MAX_AGE_MS = 24 * HOUR_MS;
export const SWEEP_UPLOADS = 'sweep_uploads';

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

/**
 * Deletes uploads older than a day: their rows, their bytes unless a report keeps them as its
 * survey files, and a logo's converted PNG unless a branding shows it.
 */
export async function sweepUploads(deps: Deps, now = Date.now()): Promise<number> {
  const old = await uploadsCreatedBefore(deps.db, now - UNUSED_UPLOAD_MAX_AGE_MS);
  for (const upload of old) {
    if (!(await isSurveyFileOfReport(deps.db, upload.key))) await deps.storage.remove(upload.key);
    if (upload.kind === 'logo' && upload.parsed) {
      const logoKey = (JSON.parse(upload.parsed) as { logo_key?: string }).logo_key;
      const shown = logoKey ? await anyBrandingShows(deps.db, logoKey) : true;
      if (logoKey && !shown) await deps.storage.remove(logoKey);
    }
    await deleteUpload(deps.db, upload.id);
  }
  return old.length;
}

/** Runs the sweep, then books tomorrow's. */
export async function registerUploadSweep(deps: Deps): Promise<void> {
  await deps.jobs.daily(SWEEP_UPLOADS, () => sweepUploads(deps));
}
