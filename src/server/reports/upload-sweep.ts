import type { Deps } from '../deps';
import { defineScheduledJob } from '../platform/jobs/define';
import { anyBrandingShows } from '../brandings/repos/brandings';
import { UNUSED_UPLOAD_MAX_AGE_MS } from '../uploads/pending-uploads';
import { deleteUpload, uploadsCreatedBefore } from '../uploads/repos/uploads';
import { isSurveyFileOfReport } from './repos/reports';

export const SWEEP_UPLOADS = defineScheduledJob('sweep_uploads');

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
