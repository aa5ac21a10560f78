import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PORTFOLIO_EXPORT_PATH, portfolioExportQuery, type PortfolioView } from '../../../shared/api/portfolios';
import type { Deps } from '../../deps';
import { badRequest, notFound, unauthorised } from '../../platform/http/http-error';
import { ROLE_REVOKED } from '../../platform/http/sessions';
import { brandingFor } from '../../reports/render-report';
import { findPortfolioByPath, findUsersPortfolio, type PortfolioRow } from '../repos/portfolios';
import { PORTFOLIO_LINK_GONE, PORTFOLIO_NOT_FOUND } from '../routes';
import { portfolioAssessorCard, portfolioViewOf } from '../view';
import { portfolioCsv } from './csv';
import { renderPortfolioPdf } from './pdf';
import { portfolioXlsx } from './xlsx';

type ExportFormat = 'csv' | 'xlsx' | 'pdf';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const LINK_INVALID = 'This portfolio link is not valid. Please check it, or ask your assessor for a new one.';
const WHICH_PORTFOLIO = "Please give the portfolio's link or its id, not both.";

/**
 * Per address and minute. A PDF of a long portfolio takes a second or more to draw, so far fewer
 * are allowed than of the table's files, which are counted apart.
 */
const PDFS_PER_MINUTE = 6;
const TABLES_PER_MINUTE = 30;
const NAME_MAX = 100;

const isPdfRequest = (request: FastifyRequest) => (request.query as { format?: unknown } | undefined)?.format === 'pdf';

/**
 * The name the file is saved under, after the portfolio: "Harbour Lettings EPC portfolio.csv".
 * Letters lose their accents and anything but letters, digits, spaces, dots and dashes becomes a
 * space, so the name is plain ASCII in the header and on every system (as report PDFs are named).
 */
export function portfolioExportFilename(portfolioName: string, format: ExportFormat): string {
  const readable = portfolioName
    .slice(0, NAME_MAX * 2)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.-]+/g, ' ')
    .trim()
    .slice(0, NAME_MAX)
    .trim();
  return `${readable ? `${readable} ` : ''}EPC portfolio.${format}`;
}

/**
 * The compliance table as a file for the landlord (their link's path) or the assessor (the
 * portfolio's id, with their session): CSV and Excel hold the page's table, the PDF the branded
 * summary and a page per home. Not a JSON call of the contract, so a route of its own, as stored
 * files are (platform/http/file-routes.ts); errors still answer the API's JSON.
 */
export function portfolioExportRoutes(app: FastifyInstance, deps: Deps): void {
  const portfolioAsked = async (
    request: FastifyRequest,
    query: { portfolio_path?: string; portfolio_id?: number },
  ): Promise<PortfolioRow> => {
    if ((query.portfolio_path === undefined) === (query.portfolio_id === undefined)) throw badRequest(WHICH_PORTFOLIO);
    if (query.portfolio_path !== undefined) {
      const portfolio = await findPortfolioByPath(deps.db, query.portfolio_path);
      if (!portfolio) throw notFound(LINK_INVALID);
      if (portfolio.deleted_at !== null) throw notFound(PORTFOLIO_LINK_GONE);
      return portfolio;
    }
    if (!request.user) throw unauthorised(request.sessionRevoked ? ROLE_REVOKED : undefined);
    const portfolio = await findUsersPortfolio(deps.db, request.user.id, query.portfolio_id!);
    if (!portfolio) throw notFound(PORTFOLIO_NOT_FOUND);
    return portfolio;
  };

  const fileOf = async (format: ExportFormat, portfolio: PortfolioRow, view: PortfolioView): Promise<Buffer> => {
    if (format === 'csv') return portfolioCsv(view);
    if (format === 'xlsx') return portfolioXlsx(view);
    const [branding, card] = await Promise.all([brandingFor(deps, portfolio.branding_id), portfolioAssessorCard(deps, portfolio)]);
    return renderPortfolioPdf({ view, branding, assessor: { name: card.name, email: card.email, phone: card.phone } });
  };

  app.get(
    PORTFOLIO_EXPORT_PATH,
    {
      config: {
        rateLimit: {
          max: (request: FastifyRequest) => (isPdfRequest(request) ? PDFS_PER_MINUTE : TABLES_PER_MINUTE),
          keyGenerator: (request: FastifyRequest) => `${request.ip}:${isPdfRequest(request) ? 'pdf' : 'table'}`,
          timeWindow: '1 minute',
        },
      },
    },
    async (request, reply) => {
      const query = portfolioExportQuery.parse(request.query ?? {});
      const portfolio = await portfolioAsked(request, query);
      const view = await portfolioViewOf(deps, portfolio, query.order ?? 'worst-first');
      const file = await fileOf(query.format, portfolio, view);
      const filename = portfolioExportFilename(portfolio.name, query.format);
      return reply
        .type(CONTENT_TYPES[query.format])
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file);
    },
  );
}
