import * as access from '../../shared/api/access';
import { PRODUCT_NAME } from '../../shared/constants';
import type { Deps } from '../deps';
import { inTransaction } from '../platform/db/database';
import { badRequest, HttpError } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { randomToken } from '../platform/security/tokens';
import { findUserByConfirmCodeHash, findUserByEmail, updateUser } from './repos/users';

/** The email with the /confirm/{code} link, as sign-up sends it and a resend sends it again. */
export function confirmationMail(publicUrl: string, to: { email: string; name: string }, code: string) {
  const link = `${publicUrl}/confirm/${code}`;
  return {
    to: to.email,
    subject: `Confirm your email address for ${PRODUCT_NAME}`,
    text: `Hello ${to.name},\n\nThank you for registering with ${PRODUCT_NAME}. Please confirm that this is your email address by opening this link:\n\n${link}\n\nIf you did not register, you can ignore this email.\n`,
  };
}

const RESEND_REQUEST = 'confirmation_resend_request';

/** A new code for an account still waiting for confirmation, replacing (so voiding) the older one, and its email queued. */
async function resendConfirmation(deps: Deps, email: string): Promise<void> {
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

export function confirmationRoutes(routes: Routes, deps: Deps): void {
  const { db, hash } = deps;

  deps.jobs.handle(RESEND_REQUEST, (payload) => resendConfirmation(deps, (payload as { email: string }).email), undefined, {
    forgetPayload: true,
  });

  // As recoverpassword: the same queued job for every address and the same answer, so neither
  // the answer nor its timing says whether the address has an account or whether it is confirmed.
  routes.publicCall(
    access.resendConfirmation,
    async ({ body }) => {
      await deps.jobs.enqueue(RESEND_REQUEST, { email: body.email });
      return { success: true as const };
    },
    { perMinute: 5 },
  );

  // Only the holder of a code we emailed learns that its account is confirmed already.
  routes.publicCall(access.userValidate, async ({ body }) => {
    const user = await findUserByConfirmCodeHash(db, hash(body.code));
    if (!user) throw badRequest(access.ACCESS_ERRORS.confirmLinkInvalid);
    if (user.email_confirmed_at) throw new HttpError(409, access.ACCESS_ERRORS.alreadyConfirmed);
    await updateUser(db, user.id, { email_confirmed_at: Date.now() });
    return { success: true as const, display_username: user.email };
  });
}
