import * as access from '../../shared/api/access';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';
import { RESET_REQUEST } from './jobs';
import { checkResetLink, resetPassword } from './recovery';

export function recoveryRoutes(routes: Routes, deps: Deps): void {
  // The request does the same work for every address (one queued job, looked up after the
  // answer), so neither its answer nor its timing says whether the address has an account.
  routes.publicCall(
    access.recoverPassword,
    async ({ body }) => {
      await deps.jobs.enqueue(RESET_REQUEST, { email: body.email });
      return { success: true as const };
    },
    { perMinute: 5 },
  );

  routes.publicCall(
    access.resetPasswordPrecheck,
    async ({ body }) => {
      await checkResetLink(deps, body.username, body.code);
      return { success: true as const };
    },
    { perMinute: 20 },
  );

  routes.publicCall(
    access.resetPassword,
    async ({ body }) => {
      await resetPassword(deps, body);
      return { success: true as const };
    },
    { perMinute: 10 },
  );
}
