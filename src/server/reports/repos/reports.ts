import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import { isPostgres, type Db } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';
import type { Database, ReportsTable } from '../../platform/db/schema';
import { REPORT_STATUS, REPORT_TYPE, type ReportStatus, type ReportType } from '../../../shared/states';
import { REPORT_PAGE_SIZE } from '../../../shared/constants';

/** The reports table: every query of it lives here. */
export type ReportRow = Selectable<ReportsTable>;
export type NewReport = Insertable<ReportsTable>;
/** What erasing a report needs: its row and the files it keeps. */
export type ReportFiles = Pick<ReportRow, 'id' | 'pdf_key' | 'xml1_key' | 'xml2_key'>;

export async function insertReport(db: Db, report: NewReport): Promise<number> {
  const { id } = await db.insertInto('reports').values(report).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findReport(db: Db, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's own report; another user's id reads as missing. */
export function findUsersReport(db: Db, userId: number, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Whose report it is, or undefined when it is gone. */
export async function reportOwnerId(db: Db, id: number): Promise<number | undefined> {
  return (await db.selectFrom('reports').select('user_id').where('id', '=', id).executeTakeFirst())?.user_id;
}

/** Answers whether the report was there to be set. */
export async function setReportStatus(db: Db, id: number, status: ReportStatus, pdfKey?: string): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ status, updated_at: Date.now(), ...(pdfKey ? { pdf_key: pdfKey } : {}) })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deleted (to Deleted Reports) at this time, or back with null. */
export async function setReportDeletedAt(db: Db, id: number, deletedAt: number | null): Promise<void> {
  await db.updateTable('reports').set({ deleted_at: deletedAt }).where('id', '=', id).execute();
}

export async function deleteReportRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('reports').where('id', '=', id).execute();
}

/**
 * Erases the row of a report only while it is deleted (and, for the purge, was deleted before the
 * cutoff), answering whether it did: a report restored meanwhile, from another tab or while the
 * purge went through its list, stays.
 */
export async function eraseDeletedReportRow(db: Db, id: number, deletedBefore?: number): Promise<boolean> {
  const result = await db
    .deleteFrom('reports')
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .$if(deletedBefore !== undefined, (q) => q.where('deleted_at', '<', deletedBefore!))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Deletes the report only while it is in this status, answering whether it did (its purchases stay, without it). */
export async function deleteReportInStatus(db: Db, id: number, status: ReportStatus): Promise<boolean> {
  const result = await db.deleteFrom('reports').where('id', '=', id).where('status', '=', status).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Reports deleted before the cutoff: the daily purge erases them. */
export function reportsDeletedBefore(db: Db, cutoff: number): Promise<ReportFiles[]> {
  return db.selectFrom('reports').select(['id', 'pdf_key', 'xml1_key', 'xml2_key']).where('deleted_at', '<', cutoff).execute();
}

export async function countPendingReports(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', REPORT_STATUS.pending)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Whether a stored file is the PDF of a report that is not deleted (signed addresses outlive deletes). */
/** The live (not deleted) report whose PDF this is: its name and type name the downloaded file. */
export function liveReportOfPdf(db: Db, key: string): Promise<{ name: string; type: ReportType } | undefined> {
  return db.selectFrom('reports').select(['name', 'type']).where('pdf_key', '=', key).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Whether any report keeps this upload as its survey file A or B. */
export async function isSurveyFileOfReport(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where((eb) => eb.or([eb('xml1_key', '=', key), eb('xml2_key', '=', key)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Counted in the database, so two owners opening at once both count. */
export async function countReportOpen(db: Db, id: number, at: number): Promise<void> {
  await db.insertInto('share_opens').values({ report_id: id, at }).execute();
  await db
    .updateTable('reports')
    .set({ opened_count: sql`opened_count + 1` })
    .where('id', '=', id)
    .execute();
}

/** Reports that fall back to the built-in branding when theirs is deleted (deleted reports too). */
export async function clearBranding(db: Db, brandingId: number): Promise<void> {
  await db.updateTable('reports').set({ branding_id: null }).where('branding_id', '=', brandingId).execute();
}

/** The user's live Preliminary reports drawn with this branding, in one of these statuses. */
const usingBranding = (userId: number, brandingId: number, statuses: ReportStatus[]) => (eb: ExpressionBuilder<Database, 'reports'>) =>
  eb.and([
    eb('user_id', '=', userId),
    eb('branding_id', '=', brandingId),
    eb('type', '=', REPORT_TYPE.preliminary),
    eb('deleted_at', 'is', null),
    eb('status', 'in', statuses),
  ]);

export function reportsUsingBranding(db: Db, userId: number, brandingId: number, statuses: ReportStatus[]): Promise<{ id: number }[]> {
  return db
    .selectFrom('reports')
    .select('id')
    .where(usingBranding(userId, brandingId, statuses))
    .execute();
}

/** Moves the user's live Preliminary reports with this branding from one status set to another. */
export async function setStatusOfReportsUsingBranding(
  db: Db,
  userId: number,
  brandingId: number,
  from: ReportStatus[],
  to: ReportStatus,
): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: to, updated_at: Date.now() })
    .where(usingBranding(userId, brandingId, from))
    .execute();
}

export interface ReportListFilter {
  userId: number;
  type: ReportType;
  pendingOnly: boolean;
  deleted: boolean;
  search: string;
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the text. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The trigram index finds strings of three characters or more; shorter ones are rare enough to scan for. */
const TRIGRAM = 3;

/** What changes a list query's SQL; each shape is compiled once (preparedQuery). */
interface ListShape {
  pendingOnly: boolean;
  deleted: boolean;
  search: 'none' | 'fts' | 'like';
  /** Long enough for the trigram index (which PostgreSQL's LIKE uses too). */
  indexed: boolean;
}

interface ListValues {
  userId: number;
  type: ReportType;
  /** The FTS5 phrase or the LIKE pattern; unused without a search. */
  term: string;
}

/**
 * Reports whose search text contains the search, through the trigram index of migration 010.
 * PostgreSQL's index serves the LIKE itself; SQLite's FTS5 index is asked for the phrase (a
 * trigram phrase is a substring), and the LIKE is kept for searches too short for trigrams.
 */
function listShape(db: Db, f: ReportListFilter): { shape: ListShape; values: ListValues } {
  const term = f.search.toLowerCase();
  const indexed = [...term].length >= TRIGRAM;
  const search = !term ? 'none' : indexed && !isPostgres(db) ? 'fts' : 'like';
  return {
    shape: { pendingOnly: f.pendingOnly, deleted: f.deleted, search, indexed },
    values: {
      userId: f.userId,
      type: f.type,
      term: search === 'fts' ? `"${term.replaceAll('"', '""')}"` : search === 'like' ? `%${escapeLike(term)}%` : '',
    },
  };
}

function listed(db: Db, shape: ListShape, v: ListValues) {
  return (
    db
      .selectFrom('reports')
      /*
       * SQLite would walk all of the user's reports by the list's index and look each up in the
       * search's matches (10 ms at 100 000); '+' keeps the index out, so it reads the few matches.
       */
      .where(shape.search === 'fts' ? sql<number>`+user_id` : 'user_id', '=', v.userId)
      .where('type', '=', v.type)
      // Pending reports are listed on their own until finalised; one awaiting its card payment is in no list.
      .$if(shape.pendingOnly, (b) => b.where('status', '=', REPORT_STATUS.pending))
      .$if(!shape.pendingOnly, (b) => b.where('status', 'not in', [REPORT_STATUS.pending, REPORT_STATUS.awaitingPayment]))
      .where('deleted_at', shape.deleted ? 'is not' : 'is', null)
      .$if(shape.search === 'fts', (b) =>
        b.where(sql<boolean>`id in (select rowid from reports_search where reports_search match ${v.term})`),
      )
      // SQLite has no default LIKE escape character: name it for both dialects.
      .$if(shape.search === 'like', (b) => b.where(sql<boolean>`search_text like ${v.term} escape '\\'`))
  );
}

/**
 * How many reports the whole list has. Unsearched, the counts the database keeps by status
 * (migration 011) are summed, a few rows whatever the list's length; searched, the matches are
 * counted, as few as the search finds.
 */
function listTotal(db: Db, shape: ListShape, v: ListValues) {
  if (shape.search !== 'none') return listed(db, shape, v).select((eb) => eb.fn.countAll<number>().as('n'));
  return db
    .selectFrom('report_list_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .where('user_id', '=', v.userId)
    .where('type', '=', v.type)
    .where('deleted', '=', shape.deleted ? 1 : 0)
    .$if(shape.pendingOnly, (b) => b.where('status', '=', REPORT_STATUS.pending))
    .$if(!shape.pendingOnly, (b) => b.where('status', 'not in', [REPORT_STATUS.pending, REPORT_STATUS.awaitingPayment]));
}

/**
 * A searched list stays unnamed on PostgreSQL: a named statement may settle on one plan for every
 * term, and whether the trigram index or the user's reports are read first depends on the term.
 */
const unsearched = (shape: ListShape) => shape.search === 'none';

const listCount = preparedQuery((db, shape: ListShape, v: ListValues) => listTotal(db, shape, v), unsearched);

export async function countListedReports(db: Db, f: ReportListFilter): Promise<number> {
  const { shape, values } = listShape(db, f);
  const [{ n }] = await listCount(db, shape, values);
  return Number(n);
}

/**
 * One page of the list, newest first, with the number of reports in the whole list: one query,
 * so one round trip on PostgreSQL. The count is a subquery of its own (listTotal), not a window
 * over the rows, which would read every row to sort out the page.
 */
const listPage = preparedQuery(
  (db, shape: ListShape & { firstPage: boolean }, v: ListValues & { offset: number }) =>
    listed(db, shape, v)
      .select([
        'id',
        'slug',
        'name',
        'status',
        'created_at',
        'current_epc',
        'current_epc_band',
        'assessor_ref',
        'assessor_id',
        'premium_report_purchased',
        'opened_count',
        listTotal(db, shape, v).as('total'),
      ])
      /*
       * Searched, the page is sorted from the few matches: in index order PostgreSQL would walk the
       * whole list looking for 20 of them (50 ms at 100 000 reports when there are none).
       */
      .orderBy(shape.indexed ? sql`created_at + 0` : 'created_at', 'desc')
      .orderBy('id', 'desc')
      /*
       * The page size is part of the SQL and the first page, the one most opened, has no offset:
       * SQLite ran the page 30-40 % slower with both as parameters, on the same plan.
       */
      .limit(sql.lit(REPORT_PAGE_SIZE))
      .$if(!shape.firstPage, (b) => b.offset(v.offset)),
  unsearched,
);

/** Page `page` (from 1) of a list, and the number of reports in the whole list (null past its end). */
export async function listedReports(db: Db, f: ReportListFilter, page: number) {
  const { shape, values } = listShape(db, f);
  const rows = await listPage(db, { ...shape, firstPage: page === 1 }, { ...values, offset: (page - 1) * REPORT_PAGE_SIZE });
  // A page past the end has no row to carry the count.
  return { rows, total: rows.length ? Number(rows[0].total) : null };
}

/** A Premium report made from an owner's purchase of a Preliminary one: the same survey and choices, its own link. */
export async function insertPremiumCopy(db: Db, preliminary: ReportRow, slug: string, now: number): Promise<number> {
  const { id: _id, opened_count: _opened, premium_report_purchased: _bought, ...same } = preliminary;
  return insertReport(db, {
    ...same,
    slug,
    type: REPORT_TYPE.premium,
    status: REPORT_STATUS.pending,
    pdf_key: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  });
}

/**
 * Marks the Preliminary report's Premium report bought, answering whether this call did: the
 * condition is in the UPDATE, so of two payments fulfilled at once exactly one finds it unbought.
 */
export async function claimPremiumPurchase(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ premium_report_purchased: 1 })
    .where('id', '=', id)
    .where('premium_report_purchased', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markPremiumPurchased(db: Db, id: number, purchased: boolean): Promise<void> {
  await db
    .updateTable('reports')
    .set({ premium_report_purchased: purchased ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Moves a report on only from the status it is expected in; answers whether it moved. */
export async function moveReportStatus(db: Db, id: number, from: ReportStatus, to: ReportStatus, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
