import type { ReportListItem, ReportMode } from '../../shared/api/reports';
import { REPORT_PAGE_SIZE } from '../../shared/constants';
import type { Db } from '../platform/db/database';
import { premiumShareUrlOf, shareUrlOf } from '../../shared/links';
import { REPORT_STATUS, REPORT_TYPE, type ReportType } from '../../shared/states';
import { countListedReports, listedReports, type ReportListFilter } from './repos/reports';

export interface ListQuery {
  userId: number;
  mode: ReportMode;
  deleted: boolean;
  search: string;
  page: number;
}

type ListedRow = Omit<Awaited<ReturnType<typeof listedReports>>['rows'][number], 'total'>;

/** A report as every list shows it (the Report List, Deleted, Premium and Pending lists). */
export function reportListItemOf(r: ListedRow, publicUrl: string, type: ReportType): ReportListItem {
  return {
    report_id: r.id,
    name: r.name,
    status: r.status,
    created_at: Math.floor(r.created_at / 1000),
    current_epc_band: r.current_epc_band,
    current_epc: r.current_epc,
    assessor_ref: r.assessor_ref,
    assessor_id: r.assessor_id,
    premium_report_purchased: r.premium_report_purchased === 1,
    // A Premium report is what someone paid for: it stays (a Pending one is being finalised).
    deleteable: type !== REPORT_TYPE.premium && r.status !== REPORT_STATUS.pending,
    // A Premium report's owner link is the Premium one; its landing would offer to sell it again.
    share_url: type === REPORT_TYPE.premium ? premiumShareUrlOf(publicUrl, r) : shareUrlOf(publicUrl, r),
    opened_count: r.opened_count,
  };
}

export interface ListAnswer {
  items: ReportListItem[];
  total: number;
  page: number;
}

/** One page of a user's reports; a page past the end shows the last one. */
export async function listReports(db: Db, publicUrl: string, q: ListQuery): Promise<ListAnswer> {
  const filter: ReportListFilter = {
    userId: q.userId,
    type: q.mode === 'preliminary' ? REPORT_TYPE.preliminary : REPORT_TYPE.premium,
    pendingOnly: q.mode === 'pending',
    deleted: q.deleted,
    search: q.search,
  };
  let page = q.page;
  let { rows, total } = await listedReports(db, filter, page);
  // Past the end (reports deleted meanwhile, or none at all): counted on its own, then the last page.
  if (total === null) {
    total = page > 1 ? await countListedReports(db, filter) : 0;
    page = Math.min(page, Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE)));
    if (total) rows = (await listedReports(db, filter, page)).rows;
  }
  const items = rows.map((r) => reportListItemOf(r, publicUrl, filter.type));
  return { items, total, page };
}
