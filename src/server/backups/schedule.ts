import type { Deps } from '../deps';
import type { Config } from '../platform/config/config';
import { defineScheduledJob } from '../platform/jobs/define';
import { writeBackup } from './backup';
import { pruneBackups } from './locations';

export const SCHEDULED_BACKUP = defineScheduledJob('scheduled_backup');

/** Writes a backup to the plan's location and prunes the old ones; a failure is logged and thrown (the job is retried). */
export async function runScheduledBackup(deps: Deps, plan: NonNullable<Config['backup']>): Promise<void> {
  try {
    const { location, manifest } = await writeBackup(deps.config, plan.to);
    if (manifest.missingFiles.length) deps.log.warn({ missing: manifest.missingFiles }, 'files deleted while the backup ran are not in it');
    const pruned = await pruneBackups(plan.to, plan.keep);
    deps.log.info({ backup: location, pruned }, `backup written to ${location}`);
  } catch (err) {
    deps.log.error({ err, to: plan.to }, `backup to ${plan.to} failed`);
    throw err;
  }
}
