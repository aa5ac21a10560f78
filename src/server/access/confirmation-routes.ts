import * as access from '../../shared/api/access';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';
import { confirmEmail } from './confirmation';
import { RESEND_REQUEST } from './jobs';

export function confirmationRoutes(routes: Routes, deps: Deps): void {
  // As recoverpassword: the same queued job for every address and the same answer, so neither
  // the answer nor its timing says whether the address has an account or whether it is confirmed.
  routes.publicCall(
    access.resendConfirmation,
    async ({ body }) => {
      await deps.jobs.enqueue(RESEND_REQUEST, { email: body.email });
      return { success: true as const };
    },
    { perMinute: 5 },
  );

  routes.publicCall(access.userValidate, async ({ body }) => ({
    success: true as const,
    display_username: await confirmEmail(deps, body.code),
  }));
}
