import { sql, type Insertable, type Selectable } from 'kysely';
import { rowIdFromText } from '../../../shared/api/define';
import { PORTFOLIOS_PER_PAGE } from '../../../shared/api/portfolios';
import type { Db } from '../../platform/db/database';
import type { PortfoliosTable } from '../../platform/db/schema';
import { safeEqual } from '../../platform/security/tokens';

/** The portfolios table: every query of it lives here. */
export type PortfolioRow = Selectable<PortfoliosTable>;
export type NewPortfolio = Insertable<PortfoliosTable>;

export async function insertPortfolio(db: Db, row: NewPortfolio): Promise<number> {
  const { id } = await db.insertInto('portfolios').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The user's own portfolio, deleted or not; another user's id reads as missing. */
export function findUsersPortfolio(db: Db, userId: number, portfolioId: number): Promise<PortfolioRow | undefined> {
  return db.selectFrom('portfolios').selectAll().where('id', '=', portfolioId).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The portfolio a landlord's link "id/slug" names, deleted or not (the caller decides what a
 * deleted one answers). The slug is compared in constant time: the id is public in the link, the
 * slug is the secret, as for a report's link (reports/report-links.ts).
 */
export async function findPortfolioByPath(db: Db, portfolioPath: string): Promise<PortfolioRow | undefined> {
  const [idText = '', slug = ''] = portfolioPath.split('/');
  const id = rowIdFromText(idText);
  const row = id !== null ? await db.selectFrom('portfolios').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  // Compare even without a row, so a missing id takes as long as a wrong slug.
  const slugMatches = safeEqual(row?.slug ?? 'x'.repeat(slug.length), slug);
  return row && slugMatches ? row : undefined;
}

/** Deleted (to the deleted list) at this time, or back with null. */
export async function setPortfolioDeletedAt(db: Db, portfolioId: number, deletedAt: number | null): Promise<void> {
  await db.updateTable('portfolios').set({ deleted_at: deletedAt }).where('id', '=', portfolioId).execute();
}

/** Marks the portfolio changed (homes added or removed), for its list order and caches. */
export async function touchPortfolio(db: Db, portfolioId: number, now = Date.now()): Promise<void> {
  await db.updateTable('portfolios').set({ updated_at: now }).where('id', '=', portfolioId).execute();
}

/** What the list searches: name, client and company, lower case, within the column's 400 characters. */
export const portfolioSearchText = (fields: { name: string; client_name: string; client_company: string }) =>
  [fields.name, fields.client_name, fields.client_company].join(' ').toLowerCase().slice(0, 400);

export interface PortfolioListFilter {
  userId: number;
  deleted: boolean;
  search: string;
  /** A home rated below this is failing the coming standard (band C's minimum). */
  failingBelow: number;
}

export interface ListedPortfolio extends PortfolioRow {
  home_count: number;
  failing_next: number;
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the text. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Scottish and Northern Irish certificates are held to no coming standard (letting-standards.ts). */
const NO_COMING_STANDARD = ['SCT', 'NIR'];

/**
 * Page `page` (from 1) of the user's portfolios, newest first, each with its number of homes and
 * of homes rated below the coming band, and the number of portfolios in the whole list. A user has
 * few portfolios, so the counts are subqueries per listed row rather than kept counters.
 */
export async function listPortfolios(db: Db, f: PortfolioListFilter, page: number): Promise<{ rows: ListedPortfolio[]; total: number }> {
  const term = f.search.toLowerCase();
  const base = db
    .selectFrom('portfolios')
    .where('user_id', '=', f.userId)
    .where('deleted_at', f.deleted ? 'is not' : 'is', null)
    // SQLite has no default LIKE escape character: name it for both dialects.
    .$if(term !== '', (q) => q.where(sql<boolean>`search_text like ${`%${escapeLike(term)}%`} escape '\\'`));
  const [rows, count] = await Promise.all([
    base
      .selectAll('portfolios')
      .select((eb) => [
        eb
          .selectFrom('portfolio_homes')
          .leftJoin('reports', 'reports.id', 'portfolio_homes.report_id')
          .select((h) => h.fn.countAll<number>().as('n'))
          .whereRef('portfolio_homes.portfolio_id', '=', 'portfolios.id')
          // A deleted report is no home of the view's either.
          .where('reports.deleted_at', 'is', null)
          .as('home_count'),
        eb
          .selectFrom('portfolio_homes')
          .leftJoin('reports', 'reports.id', 'portfolio_homes.report_id')
          .leftJoin('register_certificates', 'register_certificates.id', 'portfolio_homes.certificate_id')
          .select((h) => h.fn.countAll<number>().as('n'))
          .whereRef('portfolio_homes.portfolio_id', '=', 'portfolios.id')
          .where((h) =>
            h.or([
              h.and([h('reports.deleted_at', 'is', null), h('reports.current_epc', '<', f.failingBelow)]),
              h.and([
                h('register_certificates.current_rating', '<', f.failingBelow),
                h('register_certificates.country', 'not in', NO_COMING_STANDARD),
              ]),
            ]),
          )
          .as('failing_next'),
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PORTFOLIOS_PER_PAGE)
      .offset((page - 1) * PORTFOLIOS_PER_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, home_count: Number(r.home_count ?? 0), failing_next: Number(r.failing_next ?? 0) })),
    total: Number(count.n),
  };
}
