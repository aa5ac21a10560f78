import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PremiumReportsTable } from '../../platform/db/schema';
import { REPORT_STATUS } from '../../../shared/states';

/** The premium_reports table: every query of it lives here. */
export type PremiumReportRow = Selectable<PremiumReportsTable>;

export async function insertPremiumReport(db: Db, row: Insertable<PremiumReportsTable>): Promise<void> {
  await db.insertInto('premium_reports').values(row).execute();
}

export function findPremiumReport(db: Db, reportId: number): Promise<PremiumReportRow | undefined> {
  return db.selectFrom('premium_reports').selectAll().where('report_id', '=', reportId).executeTakeFirst();
}

/**
 * The rendered PDF is stored: the report moves from Generating to Ready! with it. Answers whether
 * this call made the move, so what follows the first render (the owner's email) happens once even
 * when a job is run again.
 */
export async function markPremiumRendered(db: Db, reportId: number, pdfKey: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ status: REPORT_STATUS.ready, pdf_key: pdfKey, updated_at: now })
    .where('id', '=', reportId)
    .where('status', '=', REPORT_STATUS.generating)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
