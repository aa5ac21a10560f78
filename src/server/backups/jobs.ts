import type { Deps } from '../deps';
import { SCHEDULED_BACKUP, runScheduledBackup } from './schedule';

/**
 * BACKUP_TO every BACKUP_EVERY, as a job of the queue: one process at a time runs it (a job is
 * claimed by one), a restart does not bring the next one forward (its time is in the database), and
 * a failure is logged and retried, never more than that. The next is booked whatever happened.
 */
export async function registerJobs(deps: Deps): Promise<void> {
  const plan = deps.config.backup;
  if (!plan) return;
  await deps.jobs.every(SCHEDULED_BACKUP, plan.everyMs, () => runScheduledBackup(deps, plan));
}
