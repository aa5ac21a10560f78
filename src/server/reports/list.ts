import type { ReportListItem, ReportMode } from '../../shared/api/reports';
import { REPORT_PAGE_SIZE } from '../../shared/constants';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { shareUrlOf } from '../../shared/links';
import { REPORT_STATUS, REPORT_TYPE } from '../../shared/states';

export interface ListQuery {
  userId: number;
  mode: ReportMode;
  deleted: boolean;
  search: string;
  page: number;
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the text. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of a user's reports, searched and counted by the database (stays fast at 10 000 reports). */
export async function listReports(db: Db, publicUrl: string, q: ListQuery): Promise<{ items: ReportListItem[]; total: number; page: number }> {
  const base = db
    .selectFrom('reports')
    .where('user_id', '=', q.userId)
    .where('type', '=', q.mode === 'preliminary' ? REPORT_TYPE.preliminary : REPORT_TYPE.premium)
    .$if(q.mode === 'pending', (b) => b.where('status', '=', REPORT_STATUS.pending))
    .where('deleted_at', q.deleted ? 'is not' : 'is', null)
    // SQLite has no default LIKE escape character: name it for both dialects.
    .$if(Boolean(q.search), (b) => b.where(sql<boolean>`search_text like ${`%${escapeLike(q.search.toLowerCase())}%`} escape '\\'`));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));
  const page = Math.min(q.page, pages);
  const rows = await base
    .select(['id', 'slug', 'name', 'status', 'created_at', 'current_epc', 'current_epc_band', 'assessor_ref', 'assessor_id', 'premium_report_purchased', 'opened_count'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REPORT_PAGE_SIZE)
    .offset((page - 1) * REPORT_PAGE_SIZE)
    .execute();
  const items = rows.map((r) => ({
    report_id: r.id,
    name: r.name,
    status: r.status,
    created_at: Math.floor(r.created_at / 1000),
    current_epc_band: r.current_epc_band,
    current_epc: r.current_epc,
    assessor_ref: r.assessor_ref,
    assessor_id: r.assessor_id,
    premium_report_purchased: r.premium_report_purchased === 1,
    // Pending premium reports are being finalised: they cannot be deleted.
    deleteable: r.status !== REPORT_STATUS.pending,
    share_url: shareUrlOf(publicUrl, r),
    opened_count: r.opened_count,
  }));
  return { items, total, page };
}
