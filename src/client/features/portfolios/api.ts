import type { z } from 'zod';
import { api, API_ORIGIN } from '../../lib/api';
import { request } from '../../lib/request';
import { pagedListQuery } from '../../lib/list-address';
import { DELETED_PORTFOLIOS, LIVE_PORTFOLIOS } from './page-queries';
import { keyedCall, type Keyed } from '../../lib/idempotent-call';
import { idTag, invalidateOnSuccess, listTag } from '../../lib/tags';
import type { QueryOf, RequestOf, ResponseOf } from '../../../shared/api/define';
import { reportsList, type ReportListItem } from '../../../shared/api/reports';
import {
  addPortfolioReports,
  addPortfolioSurvey,
  createPortfolio,
  portfolioDelete,
  portfolioDetails,
  REGISTER_IMPORT_PATH,
  registerImportResult,
  removePortfolioHome,
  type WorkOrderName,
} from '../../../shared/api/portfolios';

const everyList = [LIVE_PORTFOLIOS, DELETED_PORTFOLIOS];

interface ReportChoices {
  reports: ReportListItem[];
  total: number;
}

const portfoliosApi = api.injectEndpoints({
  endpoints: (build) => ({
    portfolio: build.query<ResponseOf<typeof portfolioDetails>, { portfolioId: number; order: WorkOrderName }>({
      query: ({ portfolioId, order }) => request(portfolioDetails, undefined, { portfolio_id: portfolioId, order }),
      providesTags: (_result, _error, { portfolioId }) => [idTag('Portfolio', portfolioId)],
    }),
    // Keyed: sent again once, with the same key, when the answer is lost; the server makes one portfolio.
    createPortfolio: build.mutation<ResponseOf<typeof createPortfolio>, Keyed<RequestOf<typeof createPortfolio>>>({
      queryFn: keyedCall<RequestOf<typeof createPortfolio>, ResponseOf<typeof createPortfolio>>((body) => request(createPortfolio, body)),
      invalidatesTags: invalidateOnSuccess([LIVE_PORTFOLIOS]),
    }),
    deletePortfolio: build.mutation<ResponseOf<typeof portfolioDelete>, RequestOf<typeof portfolioDelete>>({
      query: (body) => request(portfolioDelete, body),
      // The portfolio leaves one list and joins the other; its own page says whether it is deleted.
      invalidatesTags: invalidateOnSuccess(({ portfolio_id }) => [idTag('Portfolio', portfolio_id), ...everyList]),
    }),
    addPortfolioReports: build.mutation<ResponseOf<typeof addPortfolioReports>, RequestOf<typeof addPortfolioReports>>({
      query: (body) => request(addPortfolioReports, body),
      invalidatesTags: invalidateOnSuccess(({ portfolio_id }) => [idTag('Portfolio', portfolio_id)]),
    }),
    removePortfolioHome: build.mutation<ResponseOf<typeof removePortfolioHome>, RequestOf<typeof removePortfolioHome>>({
      query: (body) => request(removePortfolioHome, body),
      invalidatesTags: invalidateOnSuccess(({ portfolio_id }) => [idTag('Portfolio', portfolio_id)]),
    }),
    // Keyed per file, so a retried file never makes a second report; the new report joins the Report List too.
    addPortfolioSurvey: build.mutation<ResponseOf<typeof addPortfolioSurvey>, Keyed<RequestOf<typeof addPortfolioSurvey>>>({
      queryFn: keyedCall<RequestOf<typeof addPortfolioSurvey>, ResponseOf<typeof addPortfolioSurvey>>((body) =>
        request(addPortfolioSurvey, body),
      ),
      invalidatesTags: invalidateOnSuccess(({ body }) => [idTag('Portfolio', body.portfolio_id), listTag('ReportList', 'preliminary')]),
    }),
    /**
     * The assessor's Preliminary reports to pick homes from: the Report List's own call, kept as its
     * own entry here because the reports feature shares only its list view.
     */
    reportChoices: build.query<ReportChoices, { search?: string; page?: number }>({
      query: (list) => {
        const query: QueryOf<typeof reportsList> = { mode: 'preliminary', ...pagedListQuery(list) };
        return request(reportsList, undefined, query);
      },
      transformResponse: (res: ResponseOf<typeof reportsList>) => ({ reports: res.reports_list, total: res.total }),
      providesTags: [listTag('ReportList', 'preliminary')],
    }),
  }),
});

export const {
  usePortfolioQuery,
  useCreatePortfolioMutation,
  useDeletePortfolioMutation,
  useAddPortfolioReportsMutation,
  useRemovePortfolioHomeMutation,
  useAddPortfolioSurveyMutation,
  useReportChoicesQuery,
} = portfoliosApi;

/** The portfolio's page refetches after an import: the homes came in outside RTK Query. */
export const portfolioChanged = (portfolioId: number) => api.util.invalidateTags([idTag('Portfolio', portfolioId)]);

export type RegisterImportResult = z.infer<typeof registerImportResult>;

/** Either what the import did, or why it did not run, in the server's words. */
type RegisterImportOutcome = { ok: true; result: RegisterImportResult } | { ok: false; message: string };

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';
const UNREADABLE = 'The server gave an answer we could not read. Please try again.';

/**
 * Posts the register's two bulk files as multipart/form-data. Plain fetch rather than an RTK Query
 * endpoint: the files would sit in the store as the mutation's argument, and a File is not state.
 * Like every other call it sends the session cookie; the server's same-origin check needs nothing
 * more than the browser's own Origin and Sec-Fetch-Site headers.
 */
export async function importFromRegister(portfolioId: number, certificates: File, recommendations: File): Promise<RegisterImportOutcome> {
  const form = new FormData();
  form.append('certificates', certificates, certificates.name);
  form.append('recommendations', recommendations, recommendations.name);
  const url = new URL(REGISTER_IMPORT_PATH, API_ORIGIN);
  url.searchParams.set('portfolio_id', String(portfolioId));
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: UNREADABLE };
  }
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    return { ok: false, message: typeof error === 'string' && error ? error : 'The import did not run. Please try again.' };
  }
  const parsed = registerImportResult.safeParse(body);
  return parsed.success ? { ok: true, result: parsed.data } : { ok: false, message: UNREADABLE };
}
