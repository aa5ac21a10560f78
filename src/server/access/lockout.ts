import { LOGIN_LOCKOUT } from '../../shared/constants';
import type { Db } from '../platform/db/database';
import { defineScheduledJob } from '../platform/jobs/define';
import {
  addressLockedUntil,
  countAddressLoginFailuresSince,
  countLoginFailuresSince,
  deleteAddressLoginFailures,
  deleteLoginFailures,
  deleteLoginFailuresBefore,
  insertAddressLoginFailure,
  insertLoginFailure,
  lockAddress,
} from './repos/login-failures';
import { updateUser } from './repos/users';

const MINUTE = 60_000;

/** Five failed logins within 30 minutes lock the account for 30 minutes. */
export async function recordFailedLogin(db: Db, userId: number, now = Date.now()): Promise<void> {
  await insertLoginFailure(db, userId, now);
  if ((await countLoginFailuresSince(db, userId, now - LOGIN_LOCKOUT.windowMinutes * MINUTE)) >= LOGIN_LOCKOUT.failures) {
    await updateUser(db, userId, { locked_until: now + LOGIN_LOCKOUT.lockMinutes * MINUTE });
    await deleteLoginFailures(db, userId);
  }
}

export const isLocked = (user: { locked_until: number | null }, now = Date.now()) => (user.locked_until ?? 0) > now;

export const clearFailedLogins = deleteLoginFailures;

/**
 * An address with no account is counted and locked as an account would be: five failures in 30
 * minutes lock it for 30 minutes, so TOO_MANY_FAILED says nothing about whether it is registered.
 */
export async function recordFailedLoginForAddress(db: Db, addressHash: string, now = Date.now()): Promise<void> {
  await insertAddressLoginFailure(db, addressHash, now);
  if ((await countAddressLoginFailuresSince(db, addressHash, now - LOGIN_LOCKOUT.windowMinutes * MINUTE)) >= LOGIN_LOCKOUT.failures) {
    await lockAddress(db, addressHash, now + LOGIN_LOCKOUT.lockMinutes * MINUTE);
    await deleteAddressLoginFailures(db, addressHash);
  }
}

export async function isAddressLocked(db: Db, addressHash: string, now = Date.now()): Promise<boolean> {
  return (await addressLockedUntil(db, addressHash)) > now;
}

export const SWEEP_LOGIN_FAILURES = defineScheduledJob('sweep_login_failures');

/**
 * Failures older than the 30-minute window count for nothing, and a lock once over locks nothing:
 * a daily sweep removes them, so failed logins for made-up addresses (a row each) do not pile up.
 */
export const sweepLoginFailures = (db: Db, now = Date.now()) => deleteLoginFailuresBefore(db, now - LOGIN_LOCKOUT.windowMinutes * MINUTE);
