import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import type { ResponseOf } from '../../../../src/shared/api/define';
import { reportsDemo } from '../../../../src/shared/api/premium';
import { reportsList, type ReportListItem } from '../../../../src/shared/api/reports';

let nextId = 100;

/** A report as the list call sends it: a Ready! Preliminary report unless told otherwise. */
export function reportItem(overrides: Partial<ReportListItem> = {}): ReportListItem {
  const id = overrides.report_id ?? nextId++;
  return {
    report_id: id,
    name: `${id} Acacia Avenue, LS1 4AB`,
    status: 'Ready!',
    // 5 March 2024, 12:00 UTC
    created_at: 1709640000,
    current_epc_band: 'D',
    current_epc: 62,
    assessor_ref: 'REF-1',
    assessor_id: 'EES/012345',
    premium_report_purchased: false,
    deleteable: true,
    share_url: `/s/${id}/acacia-avenue`,
    ...overrides,
  };
}

export const listOf = (reports: ReportListItem[], total = reports.length, page = 1): ResponseOf<typeof reportsList> => ({
  success: true,
  reports_list: reports,
  total,
  page,
});

export const SAMPLES: ResponseOf<typeof reportsDemo> = {
  success: true,
  preliminary_url: 'https://files.example/sample-preliminary.pdf',
  premium_url: 'https://files.example/sample-premium.pdf',
};

/**
 * GET /api/reports answers two calls of the contract, told apart by their mode: the sample
 * reports (mode=demo) and the lists. One handler serves both, each answer checked by its schema.
 */
export function reportsCalls(list: (query: Record<string, string>) => ResponseOf<typeof reportsList> = () => listOf([])) {
  const queries: Record<string, string>[] = [];
  const handler = http.get(`${API_ORIGIN}${reportsList.path}`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    if (query.mode === 'demo') return HttpResponse.json(reportsDemo.response.parse(SAMPLES));
    const parsed = reportsList.query.safeParse(query);
    if (!parsed.success) throw new Error(`Client sent a query the contract refuses: ${parsed.error.message}`);
    queries.push(query);
    return HttpResponse.json(reportsList.response.parse(list(query)));
  });
  return { handler, queries };
}
