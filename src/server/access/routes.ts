import * as access from '../../shared/api/access';
import { isEmail } from '../../shared/rules/signup';
import type { Deps } from '../deps';
import { HttpError, forbidden, unauthorised } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { ROLE_REVOKED } from '../platform/http/sessions';
import { isAllowedRole } from '../../shared/constants';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { clearFailedLogins, isAddressLocked, isLocked, recordFailedLogin, recordFailedLoginForAddress } from './lockout';
import { findUserByEmail, normaliseEmail, recordLogin } from './repos/users';
import { insertContactRequest } from '../messages/repos/messages';
import { pingDatabase } from '../platform/db/repo';
import { signupRoutes } from './signup-routes';
import { recoveryRoutes } from './recovery-routes';
import { confirmationRoutes } from './confirmation-routes';
import { tutorialRoutes } from './tutorial-routes';

const WRONG_LOGIN = 'Incorrect email address or password.';
const TOO_MANY_FAILED = 'TOO_MANY_FAILED';

export function accessRoutes(routes: Routes, deps: Deps): void {
  const { db, sessions, config } = deps;

  routes.publicCall(
    access.login,
    async ({ body, request, reply }) => {
      const user = await findUserByEmail(db, body.username);
      if (!user) {
        const addressHash = deps.hash(`login:${normaliseEmail(body.username)}`);
        if (await isAddressLocked(db, addressHash)) throw new HttpError(429, TOO_MANY_FAILED);
        await burnPasswordCheck(body.password);
        await recordFailedLoginForAddress(db, addressHash);
        throw (await isAddressLocked(db, addressHash)) ? new HttpError(429, TOO_MANY_FAILED) : unauthorised(WRONG_LOGIN);
      }
      if (isLocked(user)) throw new HttpError(429, TOO_MANY_FAILED);
      if (!(await verifyPassword(user.password_hash, body.password))) {
        await recordFailedLogin(db, user.id);
        const after = await findUserByEmail(db, body.username);
        throw after && isLocked(after) ? new HttpError(429, TOO_MANY_FAILED) : unauthorised(WRONG_LOGIN);
      }
      if (!user.email_confirmed_at) {
        throw forbidden(access.ACCESS_ERRORS.emailNotConfirmed);
      }
      if (!isAllowedRole(user.role)) throw forbidden('This account cannot use the app. Please contact support.');
      await clearFailedLogins(db, user.id);
      await recordLogin(db, user.id);
      // A new session on every login: a token planted before login is worthless after it.
      if (request.sessionTokenHash) await sessions.end(request.sessionTokenHash);
      reply.server.sessionCookie.set(reply, await sessions.create(user.id));
      return { success: true as const, role: user.role, name: user.name };
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
      const method = body.contactMethod;
      await insertContactRequest(db, { subject: body.subject, contact_method: method, message: body.message, created_at: Date.now() });
      await deps.mailer.send({
        to: config.teamEmail,
        subject: `Contact form: ${body.subject}`,
        text: `Contact: ${method}\n\n${body.message}`,
        replyTo: isEmail(method) ? method : undefined,
      });
      return { success: true as const };
    },
    { perMinute: 5 },
  );

  routes.publicCall(access.amplitude, () => ({
    success: true as const,
    enabled: Boolean(config.amplitudeApiKey),
    apiKey: config.amplitudeApiKey,
  }));

  routes.publicCall(access.health, async () => {
    try {
      await pingDatabase(db);
    } catch {
      throw new HttpError(503, 'The database is not reachable.');
    }
    return { success: true as const, database: 'ok' as const };
  });

  signupRoutes(routes, deps);
  recoveryRoutes(routes, deps);
  confirmationRoutes(routes, deps);
  tutorialRoutes(routes, deps);
}
