import { inTransaction, type Db } from '../platform/db/database';
import { findUserByEmail, updateUser } from '../access/repos/users';
import { deleteSessions } from '../platform/http/sessions-repo';
import { announceEndedSessions } from '../platform/realtime/sessions-ended';
import { isAllowedRole } from '../../shared/constants';

/**
 * `cli user set-role`: a role the app does not allow (e.g. disabled) ends every session of the
 * user in the same transaction, and with Redis their open tabs' sockets close at once on every
 * server process; without it the servers' sweep closes them within seconds, and no push reaches
 * them meanwhile (push checks the role).
 */
export async function setUserRole(db: Db, redisUrl: string | null, email: string, role: string): Promise<string> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No user with the email ${email}`);
  const ended = await inTransaction(db, async (tx) => {
    await updateUser(tx, user.id, { role });
    return isAllowedRole(role) ? [] : deleteSessions(tx, { userId: user.id });
  });
  if (redisUrl) await announceEndedSessions(redisUrl, ended);
  return `${user.email} is now ${role}${isAllowedRole(role) ? '' : '; logged out everywhere'}`;
}
