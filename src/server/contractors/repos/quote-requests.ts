import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { ContractorRequestsTable } from '../../platform/db/schema';

/** Owners' requests for quotes: every query of them lives here. */
export async function insertQuoteRequest(db: Db, request: Insertable<ContractorRequestsTable>): Promise<void> {
  await db.insertInto('contractor_requests').values(request).execute();
}

/** How many requests for quotes were sent from the report's link since then. */
export async function countQuoteRequestsSince(db: Db, reportId: number, since: number): Promise<number> {
  const { n } = await db
    .selectFrom('contractor_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('report_id', '=', reportId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Blanks the owner's details of the requests made before then; answers how many had any. */
export async function eraseQuoteRequestContactsBefore(db: Db, before: number): Promise<number> {
  const result = await db
    .updateTable('contractor_requests')
    .set({ name: '', email: '', phone: '', newsletter: 0 })
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('name', '<>', ''), eb('email', '<>', ''), eb('phone', '<>', ''), eb('newsletter', '<>', 0)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
