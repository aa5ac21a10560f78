import { ACCESS_ERRORS } from '../../shared/api/access';
import { isAllowedRole, type Role } from '../../shared/constants';
import type { Deps } from '../deps';
import { forbidden, HttpError, unauthorised } from '../platform/http/http-error';
import { clearFailedLogins, isAddressLocked, isLocked, recordFailedLogin, recordFailedLoginForAddress } from './lockout';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { findUserByEmail, normaliseEmail, recordLogin } from './repos/users';

const WRONG_LOGIN = 'Incorrect email address or password.';
const TOO_MANY_FAILED = 'TOO_MANY_FAILED';

/** A logged-in user: the token for their session cookie, and who they are. */
export interface LoggedIn {
  sessionToken: string;
  role: Role;
  name: string;
}

/**
 * Checks the address and password, counting failures towards a lockout, and starts a session.
 * The session the request came with, if any, ends.
 */
export async function logIn(
  deps: Deps,
  credentials: { username: string; password: string },
  previousSessionTokenHash: string | null,
): Promise<LoggedIn> {
  const { db, sessions } = deps;
  const user = await findUserByEmail(db, credentials.username);
  if (!user) {
    const addressHash = deps.hash(`login:${normaliseEmail(credentials.username)}`);
    if (await isAddressLocked(db, addressHash)) throw new HttpError(429, TOO_MANY_FAILED);
    await burnPasswordCheck(credentials.password);
    await recordFailedLoginForAddress(db, addressHash);
    throw (await isAddressLocked(db, addressHash)) ? new HttpError(429, TOO_MANY_FAILED) : unauthorised(WRONG_LOGIN);
  }
  if (isLocked(user)) throw new HttpError(429, TOO_MANY_FAILED);
  if (!(await verifyPassword(user.password_hash, credentials.password))) {
    await recordFailedLogin(db, user.id);
    const after = await findUserByEmail(db, credentials.username);
    throw after && isLocked(after) ? new HttpError(429, TOO_MANY_FAILED) : unauthorised(WRONG_LOGIN);
  }
  if (!user.email_confirmed_at) {
    throw forbidden(ACCESS_ERRORS.emailNotConfirmed);
  }
  if (!isAllowedRole(user.role)) throw forbidden('This account cannot use the app. Please contact support.');
  await clearFailedLogins(db, user.id);
  await recordLogin(db, user.id);
  // A new session on every login: a token planted before login is worthless after it.
  if (previousSessionTokenHash) await sessions.end(previousSessionTokenHash);
  return { sessionToken: await sessions.create(user.id), role: user.role, name: user.name };
}
