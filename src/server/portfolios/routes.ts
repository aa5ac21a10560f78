import * as portfolios from '../../shared/api/portfolios';
import { bandMinimum } from '../../shared/epc-bands';
import { portfolioShareUrlOf } from '../../shared/links';
import { DELETE_MODE } from '../../shared/states';
import type { Deps } from '../deps';
import { nextStandard } from '../funding/letting-standards';
import { badRequest, notFound } from '../platform/http/http-error';
import { idempotent, userScope } from '../platform/http/idempotency';
import type { Routes } from '../platform/http/route';
import { createPortfolio } from './create';
import { queuePostcodeLookup } from './jobs';
import { deletePortfolioHome, insertReportHomes, usersReportsAmong } from './repos/homes';
import { findPortfolioByPath, findUsersPortfolio, listPortfolios, setPortfolioDeletedAt, touchPortfolio } from './repos/portfolios';
import { addSurveyToPortfolio } from './survey-drop';
import { portfolioAssessorCard, portfolioViewOf, todayIso } from './view';

export const PORTFOLIO_NOT_FOUND = 'That portfolio does not exist.';
export const PORTFOLIO_LINK_GONE = 'This portfolio link is no longer available.';
const PORTFOLIO_LINK_INVALID = 'This portfolio link is not valid. Please check it, or ask your assessor for a new one.';
const PORTFOLIO_DELETED = 'This portfolio is deleted. Please restore it before changing its homes.';

/** Per address, as a report's link: a landlord reloading now and then is far below it, walking ids far above. */
const LINK_CALLS_PER_MINUTE = 60;
/** A drop is up to PORTFOLIO_DROP_MAX files, each its own call: two drops a minute and their retries. */
const SURVEY_CALLS_PER_MINUTE = 240;

/** The band the list counts homes failing against: the coming standard's (C by 2030) in England and Wales. */
function failingBelowToday(): number {
  return bandMinimum(nextStandard('england-and-wales', todayIso())?.band ?? 'C');
}

export function portfolioRoutes(routes: Routes, deps: Deps): void {
  const { db } = deps;

  /** The user's own portfolio, or the same 404 a missing one gets. */
  const ownPortfolio = async (userId: number, portfolioId: number) => {
    const row = await findUsersPortfolio(db, userId, portfolioId);
    if (!row) throw notFound(PORTFOLIO_NOT_FOUND);
    return row;
  };
  /** The user's own portfolio, not deleted: the one whose homes may change. */
  const changeablePortfolio = async (userId: number, portfolioId: number) => {
    const row = await ownPortfolio(userId, portfolioId);
    if (row.deleted_at !== null) throw badRequest(PORTFOLIO_DELETED);
    return row;
  };
  const pushUpdate = (userId: number, portfolioId: number) => deps.realtime.push(userId, 'portfolioUpdate', { portfolio_id: portfolioId });

  routes.userCall(portfolios.portfoliosList, async ({ query, user }) => {
    const page = query.page ?? 1;
    const filter = { userId: user.id, deleted: query.deleted === 'yes', search: query.search ?? '', failingBelow: failingBelowToday() };
    const { rows, total } = await listPortfolios(db, filter, page);
    return {
      success: true as const,
      portfolios: rows.map((row) => ({
        portfolio_id: row.id,
        name: row.name,
        client_name: row.client_name,
        client_company: row.client_company,
        home_count: row.home_count,
        failing_next: row.failing_next,
        created_at: Math.floor(row.created_at / 1000),
        share_url: portfolioShareUrlOf(deps.config.publicUrl, row),
      })),
      total,
      page,
    };
  });

  routes.userCall(portfolios.createPortfolio, ({ body, user, request, reply }) =>
    idempotent(db, request, reply, { call: portfolios.createPortfolio, scope: userScope(user.id), body }, (idempotency) =>
      createPortfolio(deps, user.id, body, idempotency),
    ),
  );

  routes.userCall(portfolios.portfolioDelete, async ({ body, user }) => {
    const portfolio = await ownPortfolio(user.id, body.portfolio_id);
    await setPortfolioDeletedAt(db, portfolio.id, body.delete_mode === DELETE_MODE.delete ? Date.now() : null);
    pushUpdate(user.id, portfolio.id);
    return { success: true as const };
  });

  routes.userCall(portfolios.addPortfolioReports, async ({ body, user }) => {
    const portfolio = await changeablePortfolio(user.id, body.portfolio_id);
    const wanted = [...new Set(body.report_ids)];
    const own = new Map((await usersReportsAmong(db, user.id, wanted)).map((r) => [r.id, r]));
    // Every report is checked before any is added, so a refused list adds nothing.
    for (const id of wanted) {
      const report = own.get(id);
      if (!report) throw badRequest('That report does not exist.');
      if (report.deleted_at !== null) throw badRequest('That report has been deleted. Please restore it before adding it.');
    }
    const added = await insertReportHomes(db, portfolio.id, wanted);
    if (added > 0) {
      await touchPortfolio(db, portfolio.id);
      await queuePostcodeLookup(deps, portfolio.id);
      pushUpdate(user.id, portfolio.id);
    }
    return { success: true as const, added };
  });

  routes.userCall(portfolios.removePortfolioHome, async ({ body, user }) => {
    const portfolio = await changeablePortfolio(user.id, body.portfolio_id);
    if (!(await deletePortfolioHome(db, portfolio.id, body.home_id))) throw notFound('That home is not in this portfolio.');
    await touchPortfolio(db, portfolio.id);
    pushUpdate(user.id, portfolio.id);
    return { success: true as const };
  });

  routes.userCall(
    portfolios.addPortfolioSurvey,
    ({ body, user, request, reply }) =>
      // Checked within: a retry of a file that was added answers as the first did, whatever happened to the portfolio since.
      idempotent(db, request, reply, { call: portfolios.addPortfolioSurvey, scope: userScope(user.id), body }, async (idempotency) =>
        addSurveyToPortfolio(deps, user, await changeablePortfolio(user.id, body.portfolio_id), body, idempotency),
      ),
    { perMinute: SURVEY_CALLS_PER_MINUTE },
  );

  routes.userCall(portfolios.portfolioDetails, async ({ query, user }) => {
    const portfolio = await ownPortfolio(user.id, query.portfolio_id);
    return portfolioViewOf(deps, portfolio, query.order ?? 'worst-first');
  });

  routes.publicCall(
    portfolios.sharedPortfolio,
    async ({ query }) => {
      const portfolio = await findPortfolioByPath(db, query.portfolio_path);
      if (!portfolio) throw notFound(PORTFOLIO_LINK_INVALID);
      if (portfolio.deleted_at !== null) throw notFound(PORTFOLIO_LINK_GONE);
      const [view, assessor] = await Promise.all([
        portfolioViewOf(deps, portfolio, query.order ?? 'worst-first'),
        portfolioAssessorCard(deps, portfolio),
      ]);
      return { ...view, assessor };
    },
    { perMinute: LINK_CALLS_PER_MINUTE },
  );
}
