import type { Db } from '../db/database';
import { createInvites, unusedInvites } from './invites';

/** While nobody has signed up, the server offers an invite code so a new operator can start at once. */
export async function firstStartInvite(db: Db): Promise<string | null> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return null;
  const [existing] = await unusedInvites(db);
  return existing ?? (await createInvites(db, 1))[0];
}
