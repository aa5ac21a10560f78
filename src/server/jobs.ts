import type { Deps } from './deps';
import { registerJobs as registerAccessJobs } from './access/jobs';
import { registerJobs as registerBackupJobs } from './backups/jobs';
import { registerJobs as registerContractorJobs } from './contractors/jobs';
import { registerJobs as registerPaymentJobs } from './payments/jobs';
import { registerJobs as registerPortfolioJobs } from './portfolios/jobs';
import { registerJobs as registerPremiumJobs } from './premium/jobs';
import { registerJobs as registerReportJobs } from './reports/jobs';

/**
 * Every job handler and daily job of every domain, in one place: whichever process runs the queue
 * can run any job queued by any other. (The mailer registers its own send-email job.)
 */
export async function registerAllJobs(deps: Deps): Promise<void> {
  await registerReportJobs(deps);
  await registerPaymentJobs(deps);
  await registerAccessJobs(deps);
  await registerContractorJobs(deps);
  await registerBackupJobs(deps);
  registerPremiumJobs(deps);
  registerPortfolioJobs(deps);
}
