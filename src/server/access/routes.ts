import * as access from '../../shared/api/access';
import type { Deps } from '../deps';
import { unauthorised } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { ROLE_REVOKED } from '../platform/http/sessions';
import { sendContactRequest } from './contact';
import { logIn } from './login';
import { signupRoutes } from './signup-routes';
import { recoveryRoutes } from './recovery-routes';
import { confirmationRoutes } from './confirmation-routes';
import { tutorialRoutes } from './tutorial-routes';

export function accessRoutes(routes: Routes, deps: Deps): void {
  const { sessions, config } = deps;

  routes.publicCall(
    access.login,
    async ({ body, request, reply }) => {
      const { sessionToken, role, name } = await logIn(deps, body, request.sessionTokenHash);
      reply.server.sessionCookie.set(reply, sessionToken);
      return { success: true as const, role, name };
    },
    { perMinute: 20 },
  );

  routes.publicCall(access.logout, async ({ request, reply }) => {
    if (request.sessionTokenHash) await sessions.end(request.sessionTokenHash);
    reply.server.sessionCookie.clear(reply);
    return { success: true as const };
  });

  routes.publicCall(access.ping, ({ user, request }) => {
    if (!user) throw unauthorised(request.sessionRevoked ? ROLE_REVOKED : undefined);
    return { success: true as const, role: user.role, display_username: user.name };
  });

  routes.publicCall(
    access.contactForm,
    async ({ body }) => {
      await sendContactRequest(deps, body);
      return { success: true as const };
    },
    { perMinute: 5 },
  );

  routes.publicCall(access.amplitude, () => ({
    success: true as const,
    enabled: Boolean(config.amplitudeApiKey),
    apiKey: config.amplitudeApiKey,
  }));

  signupRoutes(routes, deps);
  recoveryRoutes(routes, deps);
  confirmationRoutes(routes, deps);
  tutorialRoutes(routes, deps);
}
