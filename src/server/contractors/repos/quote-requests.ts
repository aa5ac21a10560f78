import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ContractorRequestsTable } from '../../db/schema';

/** Owners' requests for quotes: every query of them lives here. */
export async function insertQuoteRequest(db: Db, request: Insertable<ContractorRequestsTable>): Promise<void> {
  await db.insertInto('contractor_requests').values(request).execute();
}
