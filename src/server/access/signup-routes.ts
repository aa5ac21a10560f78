import * as access from '../../shared/api/access';
import { ROLES_WITH_SCHEME, type Role } from '../../shared/constants';
import { normaliseInviteCode } from '../../shared/rules/invite-code';
import { signupProblems } from '../../shared/rules/signup';
import type { Deps } from '../deps';
import { badRequest } from '../http/http-error';
import type { Routes } from '../http/route';
import { consumeInvite, isInviteUsable } from './repos/invites';
import { hashPassword } from './passwords';
import { randomToken } from '../security/tokens';
import { findUserByEmail, insertUser, normaliseEmail } from './repos/users';
import { confirmationMail } from './confirmation-routes';
import { inTransaction, isUniqueViolation } from '../db/database';

const FIX_FIELDS = 'Please correct the issues above';
const BAD_INVITE = 'This invite code is not valid or has already been used.';
const EMAIL_TAKEN = 'An account with this email address already exists. Log in or reset your password.';

export function signupRoutes(routes: Routes, deps: Deps): void {
  const { db, config, hash } = deps;

  routes.publicCall(
    access.signup,
    async ({ body }) => {
      const inviteCode = normaliseInviteCode(body.inviteCode);
      const errors = signupProblems({ ...body, inviteCode });
      // Without a usable invite nothing is said about the email: the form cannot be used to find accounts.
      if (inviteCode && !(await isInviteUsable(db, inviteCode))) {
        throw badRequest(FIX_FIELDS, [...errors.filter((e) => e.key !== 'inviteCode'), { key: 'inviteCode', error: BAD_INVITE }]);
      }
      if (!errors.length && (await findUserByEmail(db, body.email))) errors.push({ key: 'email', error: EMAIL_TAKEN });
      if (errors.length) throw badRequest(FIX_FIELDS, errors);

      const email = normaliseEmail(body.email);
      const code = randomToken();
      const passwordHash = await hashPassword(body.password);
      const role = body.role as Role;
      // The same email signing up twice at once (a double click) passes the check above twice; the unique index decides.
      await inTransaction(db, async (tx) => {
        const id = await insertUser(tx, {
          email,
          password_hash: passwordHash,
          name: body.name,
          phone: body.phone,
          role,
          scheme: ROLES_WITH_SCHEME.includes(role) ? body.scheme : null,
          newsletter_opt_in: body.newsletterOptIn ? 1 : 0,
          email_confirmed_at: null,
          confirm_code_hash: hash(code),
          locked_until: null,
          created_at: Date.now(),
        });
        // Checked again inside the transaction: two sign-ups racing for one code, only one wins.
        if (!(await consumeInvite(tx, inviteCode, id))) throw badRequest(FIX_FIELDS, [{ key: 'inviteCode', error: BAD_INVITE }]);
        // Queued with the account: the mail server being away cannot undo a sign-up or lose its email.
        await deps.mailer.send(confirmationMail(config.publicUrl, { email, name: body.name }, code), tx);
      }).catch((err: unknown) => {
        throw isUniqueViolation(err) ? badRequest(FIX_FIELDS, [{ key: 'email', error: EMAIL_TAKEN }]) : err;
      });
      deps.jobs.kick();
      return { success: true as const, email };
    },
    { perMinute: 10 },
  );
}
