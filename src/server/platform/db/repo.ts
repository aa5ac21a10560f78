import { sql } from 'kysely';
import type { Db } from './database';

/** Throws when the database cannot be reached (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
