import type { Db } from '../platform/db/database';
import { createInvites, unusedInvites } from './repos/invites';
import { hasAnyUser } from './repos/users';

/** While nobody has signed up, the server offers an invite code so a new operator can start at once. */
export async function firstStartInvite(db: Db): Promise<string | null> {
  if (await hasAnyUser(db)) return null;
  const [existing] = await unusedInvites(db);
  return existing ?? (await createInvites(db, 1))[0];
}
