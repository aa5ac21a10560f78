import { ACCESS_ERRORS } from '../../shared/api/access';
import type { Deps } from '../deps';
import { inTransaction } from '../platform/db/database';
import { badRequest, HttpError } from '../platform/http/http-error';
import { randomToken } from '../platform/security/tokens';
import { confirmationMail } from './emails';
import { findUserByConfirmCodeHash, findUserByEmail, updateUser } from './repos/users';

/** A new code for an account still waiting for confirmation, replacing (so voiding) the older one, and its email queued. */
export async function resendConfirmation(deps: Deps, email: string): Promise<void> {
  const { db, config, hash } = deps;
  const user = await findUserByEmail(db, email);
  if (!user || user.email_confirmed_at) return;
  const code = randomToken();
  await inTransaction(db, async (tx) => {
    await updateUser(tx, user.id, { confirm_code_hash: hash(code) });
    await deps.mailer.send(confirmationMail(config.publicUrl, user, code), tx);
  });
  deps.jobs.kick();
}

/**
 * Confirms the account the emailed code belongs to, answering its address. Only the holder of a
 * code we emailed learns that its account is confirmed already.
 */
export async function confirmEmail(deps: Deps, code: string): Promise<string> {
  const { db, hash } = deps;
  const user = await findUserByConfirmCodeHash(db, hash(code));
  if (!user) throw badRequest(ACCESS_ERRORS.confirmLinkInvalid);
  if (user.email_confirmed_at) throw new HttpError(409, ACCESS_ERRORS.alreadyConfirmed);
  await updateUser(db, user.id, { email_confirmed_at: Date.now() });
  return user.email;
}
