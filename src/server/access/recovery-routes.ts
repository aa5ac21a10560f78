import * as access from '../../shared/api/access';
import { PRODUCT_NAME } from '../../shared/constants';
import { passwordProblem } from '../../shared/rules/password';
import type { Deps } from '../deps';
import { inTransaction, type Db } from '../platform/db/database';
import { badRequest } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { hashPassword } from './passwords';
import { randomToken } from '../platform/security/tokens';
import { findUserByEmail, updateUser } from './repos/users';
import { countUnexpiredResets, findLiveReset, holdUserForResets, insertReset, useReset, voidResets } from './repos/password-resets';

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

const RESET_REQUEST = 'password_reset_request';

/**
 * A new code for the address if it has an account, voiding any older one, and its email queued;
 * nothing once the account was sent RESET_EMAILS_PER_HOUR links in the last hour.
 */
async function startReset(deps: Deps, email: string): Promise<void> {
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
    const link = `${config.publicUrl}/resetpassword/${encodeURIComponent(user.email)}/${code}`;
    await deps.mailer.send(
      {
        to: user.email,
        subject: `Reset your ${PRODUCT_NAME} password`,
        text: `Hello ${user.name},\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link within the next hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
      },
      tx,
    );
    return true;
  });
  if (sent) deps.jobs.kick();
}

export function recoveryRoutes(routes: Routes, deps: Deps): void {
  const { db, hash, sessions } = deps;

  deps.jobs.handle(RESET_REQUEST, (payload) => startReset(deps, (payload as { email: string }).email), undefined, { forgetPayload: true });

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
      if (!(await findReset(db, hash, body.username, body.code))) throw badRequest(BAD_LINK);
      return { success: true as const };
    },
    { perMinute: 20 },
  );

  routes.publicCall(
    access.resetPassword,
    async ({ body }) => {
      const found = await findReset(db, hash, body.username, body.code);
      if (!found) throw badRequest(BAD_LINK);
      const problem = passwordProblem(body.password);
      if (problem) throw badRequest(problem, [{ key: 'password', error: problem }]);
      const passwordHash = await hashPassword(body.password);
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
      return { success: true as const };
    },
    { perMinute: 10 },
  );
}
