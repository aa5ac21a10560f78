import { passwordProblem } from '../../shared/rules/password';
import type { Deps } from '../deps';
import { inTransaction, type Db } from '../platform/db/database';
import { badRequest } from '../platform/http/http-error';
import { randomToken } from '../platform/security/tokens';
import { passwordResetMail } from './emails';
import { hashPassword } from './passwords';
import { countUnexpiredResets, findLiveReset, holdUserForResets, insertReset, useReset, voidResets } from './repos/password-resets';
import { findUserByEmail, updateUser } from './repos/users';

/** A reset link works once, for one hour. */
const RESET_VALID_MS = 3600_000;
/**
 * Reset emails an account is sent in an hour, whoever asks: past it, asking again (from any
 * number of addresses) neither emails the owner again nor voids the link they were sent.
 */
export const RESET_EMAILS_PER_HOUR = 3;
const BAD_LINK = 'This password reset link is not valid or has expired. Please ask for a new one.';

async function findReset(db: Db, hash: (t: string) => string, username: string, code: string, now = Date.now()) {
  const user = await findUserByEmail(db, username);
  if (!user || !code) return null;
  const resetId = await findLiveReset(db, user.id, hash(code), now);
  return resetId !== undefined ? { user, resetId } : null;
}

/**
 * A new code for the address if it has an account, voiding any older one, and its email queued;
 * nothing once the account was sent RESET_EMAILS_PER_HOUR links in the last hour.
 */
export async function startReset(deps: Deps, email: string): Promise<void> {
  const { db, config, hash } = deps;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const code = randomToken();
  const now = Date.now();
  const sent = await inTransaction(db, async (tx) => {
    await holdUserForResets(tx, user.id);
    // A link works for an hour, so the links not expired yet are those sent in the last hour.
    if ((await countUnexpiredResets(tx, user.id, now)) >= RESET_EMAILS_PER_HOUR) return false;
    // Only the newest link works: an older email that leaked is worth nothing.
    await voidResets(tx, user.id, now);
    await insertReset(tx, user.id, hash(code), now + RESET_VALID_MS);
    await deps.mailer.send(passwordResetMail(config.publicUrl, user, code), tx);
    return true;
  });
  if (sent) deps.jobs.kick();
}

/** Refuses a reset link that is not (or no longer) one we sent, before the user chooses a password. */
export async function checkResetLink(deps: Deps, username: string, code: string): Promise<void> {
  if (!(await findReset(deps.db, deps.hash, username, code))) throw badRequest(BAD_LINK);
}

/** The new password through a live reset link, which it spends; all of the user's sessions end. */
export async function resetPassword(deps: Deps, reset: { username: string; code: string; password: string }): Promise<void> {
  const { db, hash, sessions } = deps;
  const found = await findReset(db, hash, reset.username, reset.code);
  if (!found) throw badRequest(BAD_LINK);
  const problem = passwordProblem(reset.password);
  if (problem) throw badRequest(problem, [{ key: 'password', error: problem }]);
  const passwordHash = await hashPassword(reset.password);
  const now = Date.now();
  await inTransaction(db, async (tx) => {
    if (!(await useReset(tx, found.resetId, now))) throw badRequest(BAD_LINK);
    // One reset ends every other link of the user.
    await voidResets(tx, found.user.id, now);
    // The emailed link proves the address, and a reset is the way out of a lockout.
    await updateUser(tx, found.user.id, {
      password_hash: passwordHash,
      locked_until: null,
      email_confirmed_at: found.user.email_confirmed_at ?? now,
    });
  });
  await sessions.endOthers(found.user.id, null);
}
