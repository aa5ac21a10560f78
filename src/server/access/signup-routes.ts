import * as access from '../../shared/api/access';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';
import { signUp } from './signup';

export function signupRoutes(routes: Routes, deps: Deps): void {
  routes.publicCall(
    access.signup,
    async ({ body }) => {
      const email = await signUp(deps, body);
      return { success: true as const, email };
    },
    { perMinute: 10 },
  );
}
