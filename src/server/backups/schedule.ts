import type { Deps } from '../deps';
import { bookOnce } from '../platform/jobs/repo';
import { writeBackup } from './backup';
import { pruneBackups } from './locations';

export const SCHEDULED_BACKUP = 'scheduled_backup';

/**
 * BACKUP_TO every BACKUP_EVERY, as a job of the queue: one process at a time runs it (a job is
 * claimed by one), a restart does not bring the next one forward (its time is in the database), and
 * a failure is logged and retried, never more than that. The next is booked whatever happened.
 */
export async function registerBackupSchedule(deps: Deps): Promise<void> {
  const plan = deps.config.backup;
  if (!plan) return;
  deps.jobs.handle(SCHEDULED_BACKUP, async () => {
    try {
      const { location, manifest } = await writeBackup(deps.config, plan.to);
      if (manifest.missingFiles.length)
        deps.log.warn({ missing: manifest.missingFiles }, 'files deleted while the backup ran are not in it');
      const pruned = await pruneBackups(plan.to, plan.keep);
      deps.log.info({ backup: location, pruned }, `backup written to ${location}`);
    } catch (err) {
      deps.log.error({ err, to: plan.to }, `backup to ${plan.to} failed`);
      throw err;
    } finally {
      await bookOnce(deps.db, SCHEDULED_BACKUP, Date.now() + plan.everyMs);
    }
  });
  await bookOnce(deps.db, SCHEDULED_BACKUP, Date.now());
}
