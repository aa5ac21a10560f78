import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { RegisterCertificatesTable } from '../../platform/db/schema';

/** The portfolio_homes table and the homes' rows read with it: every query of it lives here. */

/** A home made from one of the assessor's reports, with what the view reads of the report. */
export interface ReportHomeRow {
  home_id: number;
  report_id: number;
  slug: string;
  survey: string;
  premium_report_purchased: number;
  /** The survey file's name as uploaded. */
  xml1_name: string;
}

/** A home made from a register certificate, with the certificate's row. */
export type CertificateHomeRow = Selectable<RegisterCertificatesTable> & { home_id: number };

/** The portfolio's homes from reports, in one query; a deleted report is no home until it is restored. */
export function reportHomeRows(db: Db, portfolioId: number): Promise<ReportHomeRow[]> {
  return db
    .selectFrom('portfolio_homes')
    .innerJoin('reports', 'reports.id', 'portfolio_homes.report_id')
    .select([
      'portfolio_homes.id as home_id',
      'reports.id as report_id',
      'reports.slug',
      'reports.survey',
      'reports.premium_report_purchased',
      'reports.xml1_name',
    ])
    .where('portfolio_homes.portfolio_id', '=', portfolioId)
    .where('reports.deleted_at', 'is', null)
    .execute();
}

/** The portfolio's homes from register certificates, in one query. */
export function certificateHomeRows(db: Db, portfolioId: number): Promise<CertificateHomeRow[]> {
  return db
    .selectFrom('portfolio_homes')
    .innerJoin('register_certificates', 'register_certificates.id', 'portfolio_homes.certificate_id')
    .selectAll('register_certificates')
    .select('portfolio_homes.id as home_id')
    .where('portfolio_homes.portfolio_id', '=', portfolioId)
    .execute();
}

/** Of these report ids, the user's own, with whether each is deleted. */
export function usersReportsAmong(db: Db, userId: number, reportIds: number[]): Promise<{ id: number; deleted_at: number | null }[]> {
  return db.selectFrom('reports').select(['id', 'deleted_at']).where('user_id', '=', userId).where('id', 'in', reportIds).execute();
}

/**
 * Adds the reports as homes in one statement, answering how many were new: one already in the
 * portfolio is left as it is (the unique constraint of migration 017), so a repeat adds nothing.
 */
export async function insertReportHomes(db: Db, portfolioId: number, reportIds: number[], now = Date.now()): Promise<number> {
  if (reportIds.length === 0) return 0;
  const result = await db
    .insertInto('portfolio_homes')
    .values(reportIds.map((reportId) => ({ portfolio_id: portfolioId, report_id: reportId, certificate_id: null, added_at: now })))
    .onConflict((oc) => oc.columns(['portfolio_id', 'report_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Adds one report as a home, answering the home's id. */
export async function insertReportHome(db: Db, portfolioId: number, reportId: number, now = Date.now()): Promise<number> {
  const { id } = await db
    .insertInto('portfolio_homes')
    .values({ portfolio_id: portfolioId, report_id: reportId, certificate_id: null, added_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Takes the home out of the portfolio (its report or certificate stays), answering whether it was there. */
export async function deletePortfolioHome(db: Db, portfolioId: number, homeId: number): Promise<boolean> {
  const result = await db.deleteFrom('portfolio_homes').where('id', '=', homeId).where('portfolio_id', '=', portfolioId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
