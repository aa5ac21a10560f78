import type { Kysely } from 'kysely';

/** Each quote request counts the report's requests of the last day (contractors/quote-requests.ts): read from an index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('contractor_requests_report').on('contractor_requests').columns(['report_id', 'created_at']).execute();
}
