import { sql } from 'kysely';
import { z } from 'zod';
import { rowId } from '../../shared/api/define';
import type { Deps } from '../deps';
import { isPostgres, type Db } from '../platform/db/database';
import { defineJob } from '../platform/jobs/define';
import { isJobWaiting } from '../platform/jobs/repo';
import { lookUpPostcodes } from './postcodes';

export const LOCATE_POSTCODES = defineJob('locate_postcodes', z.object({ portfolio_id: rowId }));

/**
 * postcodes.io may be away for a while: the lookup is tried for about half an hour (2 s, 4 s, …
 * doubling) before the map is left without those homes until their portfolio is next looked up.
 */
const LOOKUP_ATTEMPTS = 10;

/** The postcode a report's lodged survey gives, read in the database: a survey's JSON is large, its postcode a few bytes. */
function surveyPostcode(db: Db) {
  return isPostgres(db)
    ? sql<string | null>`(reports.survey::json #>> '{address,postcode}')`
    : sql<string | null>`json_extract(reports.survey, '$.address.postcode')`;
}

/** Every home's postcode in the portfolio, from its report's survey or its register certificate. */
async function portfolioPostcodes(db: Db, portfolioId: number): Promise<string[]> {
  const fromReports = await db
    .selectFrom('portfolio_homes')
    .innerJoin('reports', 'reports.id', 'portfolio_homes.report_id')
    .select(surveyPostcode(db).as('postcode'))
    .where('portfolio_homes.portfolio_id', '=', portfolioId)
    .execute();
  const fromRegister = await db
    .selectFrom('portfolio_homes')
    .innerJoin('register_certificates', 'register_certificates.id', 'portfolio_homes.certificate_id')
    .select('register_certificates.postcode')
    .where('portfolio_homes.portfolio_id', '=', portfolioId)
    .execute();
  return [...fromReports, ...fromRegister].map((r) => r.postcode).filter((p): p is string => typeof p === 'string' && p !== '');
}

/**
 * Looks up the centres of the portfolio's postcodes not known yet and tells its owner's open
 * pages, which redraw the map with the new markers. Throws when some could not be looked up, so
 * the queue tries again later; what was found is kept and shown meanwhile.
 */
async function locatePortfolioPostcodes(deps: Deps, portfolioId: number): Promise<void> {
  const portfolio = await deps.db.selectFrom('portfolios').select('user_id').where('id', '=', portfolioId).executeTakeFirst();
  if (!portfolio) return; // deleted meanwhile: nothing to place
  const outcome = await lookUpPostcodes(deps, await portfolioPostcodes(deps.db, portfolioId));
  if (outcome.found + outcome.unknown > 0) deps.realtime.push(portfolio.user_id, 'portfolioUpdate', { portfolio_id: portfolioId });
  if (outcome.failed > 0) throw new Error(`${outcome.failed} postcodes could not be looked up; they are tried again later.`);
}

/**
 * Queues the lookup of a portfolio's postcodes (after homes are added). Given a transaction
 * (`via`), the job is seen when it commits: kick the queue after it. A drop of 200 files asks 200
 * times; a lookup already waiting to run (or to retry, the service being away) reads every home of
 * the portfolio when it runs, so no other is queued.
 */
export async function queuePostcodeLookup(deps: Pick<Deps, 'jobs' | 'db'>, portfolioId: number, via?: Db): Promise<void> {
  const payload = { portfolio_id: portfolioId };
  const now = Date.now();
  if (await isJobWaiting(via ?? deps.db, LOCATE_POSTCODES.kind, payload)) return;
  await deps.jobs.enqueue(LOCATE_POSTCODES, payload, now, via);
  if (!via) deps.jobs.kick();
}

export function registerJobs(deps: Deps): void {
  deps.jobs.handle(
    LOCATE_POSTCODES,
    ({ portfolio_id }) => locatePortfolioPostcodes(deps, portfolio_id),
    ({ portfolio_id }, err) =>
      deps.log.warn({ err, portfolio: portfolio_id }, 'some postcodes of a portfolio could not be looked up; its map lacks those homes'),
    { maxAttempts: LOOKUP_ATTEMPTS },
  );
}
