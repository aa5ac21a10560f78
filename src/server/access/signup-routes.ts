import * as access from '../../shared/api/access';
import { PRODUCT_NAME, ROLES_WITH_SCHEME, type Role } from '../../shared/constants';
import { normaliseInviteCode } from '../../shared/rules/invite-code';
import { signupProblems } from '../../shared/rules/signup';
import type { Deps } from '../deps';
import { badRequest } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { consumeInvite, isInviteUsable } from './repos/invites';
import { hashPassword } from './passwords';
import { randomToken } from '../platform/security/tokens';
import { findUserByEmail, insertUser, normaliseEmail } from './repos/users';
import { confirmationMail } from './confirmation-routes';
import { inTransaction, isUniqueViolation } from '../platform/db/database';
import { newestTermsAt } from '../messages/repos/messages';

const FIX_FIELDS = 'Please correct the issues above';
const BAD_INVITE = 'This invite code is not valid or has already been used.';

/** What a sign-up with an address that has an account sends to that address, in place of a confirmation link. */
export function alreadyRegisteredMail(publicUrl: string, to: { email: string; name: string }) {
  return {
    to: to.email,
    subject: `You already have a ${PRODUCT_NAME} account`,
    text:
      `Hello ${to.name},\n\nSomeone (perhaps you) tried to register with ${PRODUCT_NAME} using this email address, ` +
      `but you already have an account with it, so no new account was created.\n\n` +
      `To log in: ${publicUrl}/\n\nIf you have forgotten your password, you can choose a new one here: ${publicUrl}/forgotpassword\n\n` +
      `If it was not you, you can ignore this email: your account has not changed.\n`,
  };
}

const inviteRefused = () => badRequest(FIX_FIELDS, [{ key: 'inviteCode', error: BAD_INVITE }]);

export function signupRoutes(routes: Routes, deps: Deps): void {
  const { db, config, hash } = deps;

  /**
   * An address with an account spends the invite as a new sign-up does and gets an email instead
   * of an account. Leaving the invite unused would let its holder learn the address is registered
   * by signing up again with the same code, so both cases spend it and answer the same.
   */
  async function tellExistingAccount(email: string, inviteCode: string): Promise<void> {
    await inTransaction(db, async (tx) => {
      if (!(await consumeInvite(tx, inviteCode, null))) throw inviteRefused();
      const user = await findUserByEmail(tx, email);
      await deps.mailer.send(alreadyRegisteredMail(config.publicUrl, { email, name: user?.name ?? email }), tx);
    });
  }

  routes.publicCall(
    access.signup,
    async ({ body }) => {
      const inviteCode = normaliseInviteCode(body.inviteCode);
      // No terms published yet (a fresh installation): none to agree to. Once they are, the user is asked at their next visit.
      const termsPublished = (await newestTermsAt(db)) !== null;
      const errors = signupProblems({ ...body, inviteCode }, { termsPublished });
      // Without a usable invite nothing is said about the email: the form cannot be used to find accounts.
      if (inviteCode && !(await isInviteUsable(db, inviteCode))) {
        throw badRequest(FIX_FIELDS, [...errors.filter((e) => e.key !== 'inviteCode'), { key: 'inviteCode', error: BAD_INVITE }]);
      }
      if (errors.length) throw badRequest(FIX_FIELDS, errors);

      // From here a registered and a new address take the same steps (a password hash, one
      // transaction that spends the invite and queues one email) and get the same answer, so
      // neither the answer nor its time tells the invite's holder whether the address has an account.
      const email = normaliseEmail(body.email);
      const registered = (await findUserByEmail(db, email)) !== undefined;
      const code = randomToken();
      const passwordHash = await hashPassword(body.password);
      const role = body.role as Role;
      if (registered) {
        await tellExistingAccount(email, inviteCode);
      } else {
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
          if (!(await consumeInvite(tx, inviteCode, id))) throw inviteRefused();
          // Queued with the account: the mail server being away cannot undo a sign-up or lose its email.
          await deps.mailer.send(confirmationMail(config.publicUrl, { email, name: body.name }, code), tx);
        }).catch(async (err: unknown) => {
          // The address was registered in the meantime: it is now a registered address like any other.
          if (isUniqueViolation(err)) await tellExistingAccount(email, inviteCode);
          else throw err;
        });
      }
      deps.jobs.kick();
      return { success: true as const, email };
    },
    { perMinute: 10 },
  );
}
