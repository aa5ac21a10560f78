import { z } from 'zod';
import type { Deps } from '../deps';
import { defineJob } from '../platform/jobs/define';
import { resendConfirmation } from './confirmation';
import { SWEEP_LOGIN_FAILURES, sweepLoginFailures } from './lockout';
import { startReset } from './recovery';

/**
 * Asked for by address, answered the same whether or not it has an account: the work (and any
 * email) happens in these jobs, after the answer. The address is blanked once the job is done.
 */
export const RESEND_REQUEST = defineJob('confirmation_resend_request', z.object({ email: z.string() }));
export const RESET_REQUEST = defineJob('password_reset_request', z.object({ email: z.string() }));

export async function registerJobs(deps: Deps): Promise<void> {
  deps.jobs.handle(RESEND_REQUEST, ({ email }) => resendConfirmation(deps, email), undefined, { forgetPayload: true });
  deps.jobs.handle(RESET_REQUEST, ({ email }) => startReset(deps, email), undefined, { forgetPayload: true });
  await deps.jobs.daily(SWEEP_LOGIN_FAILURES, () => sweepLoginFailures(deps.db));
}
