import type * as access from '../../shared/api/access';
import type { ParsedRequestOf } from '../../shared/api/define';
import { ROLES_WITH_SCHEME, type Role } from '../../shared/constants';
import { normaliseInviteCode } from '../../shared/rules/invite-code';
import { signupProblems } from '../../shared/rules/signup';
import type { Deps } from '../deps';
import { newestTermsAt } from '../messages/repos/messages';
import { inTransaction, isUniqueViolation } from '../platform/db/database';
import { badRequest } from '../platform/http/http-error';
import { randomToken } from '../platform/security/tokens';
import { alreadyRegisteredMail, confirmationMail } from './emails';
import { hashPassword } from './passwords';
import { consumeInvite, isInviteUsable } from './repos/invites';
import { findUserByEmail, insertUser, normaliseEmail } from './repos/users';

type SignupBody = ParsedRequestOf<typeof access.signup>;

const FIX_FIELDS = 'Please correct the issues above';
const BAD_INVITE = 'This invite code is not valid or has already been used.';

const inviteRefused = () => badRequest(FIX_FIELDS, [{ key: 'inviteCode', error: BAD_INVITE }]);

/**
 * An address with an account spends the invite as a new sign-up does and gets an email instead
 * of an account. Leaving the invite unused would let its holder learn the address is registered
 * by signing up again with the same code, so both cases spend it and answer the same.
 */
async function tellExistingAccount(deps: Deps, email: string, inviteCode: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    if (!(await consumeInvite(tx, inviteCode, null))) throw inviteRefused();
    const user = await findUserByEmail(tx, email);
    await deps.mailer.send(alreadyRegisteredMail(deps.config.publicUrl, { email, name: user?.name ?? email }), tx);
  });
}

/** Signs up with an invite code: the account waits for its address to be confirmed. Answers the address as stored. */
export async function signUp(deps: Deps, body: SignupBody): Promise<string> {
  const { db, config, hash } = deps;
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
    await tellExistingAccount(deps, email, inviteCode);
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
      if (isUniqueViolation(err)) await tellExistingAccount(deps, email, inviteCode);
      else throw err;
    });
  }
  deps.jobs.kick();
  return email;
}
