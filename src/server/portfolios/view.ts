import type { AssessorCard } from '../../shared/api/sharing';
import {
  PORTFOLIO_HOMES_MAX,
  type PenceEnds,
  type PortfolioHome,
  type PortfolioView,
  type WorkOrderName,
} from '../../shared/api/portfolios';
import { DEFAULT_BRANDING_ID } from '../../shared/constants';
import { epcBand } from '../../shared/epc-bands';
import { portfolioShareUrlOf, shareUrlOf } from '../../shared/links';
import type { Deps } from '../deps';
import type { Ends } from '../funding/eligibility';
import { nextStandard, standardInForce, type LettingStandard } from '../funding/letting-standards';
import { assessorCardOf } from '../reports/assessor-card';
import { figuresOfReport } from '../reports/report-figures';
import { homeCompliance, portfolioCompliance, type HomeCompliance } from './compliance';
import { locationsOf, MAP_ATTRIBUTION, postcodeKey } from './postcodes';
import { certificateCompliance } from './register-homes';
import { certificateHomeRows, reportHomeRows } from './repos/homes';
import type { PortfolioRow } from './repos/portfolios';

/** Today as YYYY-MM-DD in UTC: the London date but for the hour after midnight in summer time. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** What a home shows beside its compliance: where it came from and its links. */
interface HomeSource {
  source: PortfolioHome['source'];
  report_id: number | null;
  address: string;
  postcode: string;
  report_url: string;
  premium_purchased: boolean;
}

const penceEnds = (ends: Ends): PenceEnds => ({ low_pence: ends.low, high_pence: ends.high });

const standardOf = (s: LettingStandard | null): PortfolioView['standard_now'] =>
  s && {
    band: s.band,
    applies_from: s.appliesFrom,
    cap_pence: s.costCapPence,
    exemption_years: s.exemptionYears,
    status: s.status,
    source: s.source,
  };

/** The route's steps as a landlord reads them: a register certificate's give no rating after each (compliance.ts). */
function routeOf(home: HomeCompliance): PortfolioHome['route'] {
  const { route } = home;
  if (!route) return null;
  return {
    steps: route.steps.map((step) => ({ name: step.name, cost: step.implementationCost, rating_after: step.epcTotal })),
    reaches: route.reaches,
    reaches_band: epcBand(route.reaches),
    cost: route.cost && penceEnds(route.cost),
    cap: route.cap,
    grants: penceEnds(route.grants),
    after: route.after && penceEnds(route.after),
    schemes: route.schemes,
  };
}

/**
 * A survey may lodge no address (a redacted copy): the landlord still needs a name for the row,
 * and the file it came from is the one the assessor knows it by.
 */
const addressNotLodged = (row: { report_id: number; xml1_name: string }) =>
  `Address not lodged (${row.xml1_name || `report ${row.report_id}`})`;

/**
 * A home's compliance takes about a tenth of a millisecond: a portfolio imported from a register
 * file may hold tens of thousands, so the work gives other requests their turn every so many homes.
 */
const HOMES_PER_TURN = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The same view asked for again while it is being worked out (a landlord's link opened on many
 * phones, a push refetching every open page) shares that one piece of work. The key carries the
 * portfolio's last change, so a request after a change never gets the view from before it.
 */
const viewsUnderWay = new Map<string, Promise<PortfolioView>>();

/**
 * The portfolio's compliance on a date, as every page, link and export shows it: its homes from
 * reports and from register certificates, each against the letting standards, in the work order.
 * Three reads whatever the number of homes: report homes, certificate homes, postcode centres.
 */
export function portfolioViewOf(
  deps: Deps,
  portfolio: PortfolioRow,
  order: WorkOrderName,
  onDate: string = todayIso(),
): Promise<PortfolioView> {
  const key = [portfolio.id, portfolio.updated_at, portfolio.deleted_at ?? '', order, onDate].join(':');
  const underWay = viewsUnderWay.get(key);
  if (underWay) return underWay;
  const view = workOutView(deps, portfolio, order, onDate).finally(() => viewsUnderWay.delete(key));
  viewsUnderWay.set(key, view);
  return view;
}

async function workOutView(deps: Deps, portfolio: PortfolioRow, order: WorkOrderName, onDate: string): Promise<PortfolioView> {
  const { db, config } = deps;
  const [reportHomes, certificateHomes] = await Promise.all([reportHomeRows(db, portfolio.id), certificateHomeRows(db, portfolio.id)]);
  const sources = new Map<number, HomeSource>();
  const homes: HomeCompliance[] = [];
  for (const [i, row] of reportHomes.entries()) {
    if (i > 0 && i % HOMES_PER_TURN === 0) await nextTurn();
    const figures = figuresOfReport(row);
    const { lines, postcode } = figures.survey.address;
    homes.push(homeCompliance(row.home_id, figures, onDate));
    sources.set(row.home_id, {
      source: 'survey',
      report_id: row.report_id,
      address: lines.filter(Boolean).join(', ') || addressNotLodged(row),
      postcode: postcode ?? '',
      report_url: shareUrlOf(config.publicUrl, { id: row.report_id, slug: row.slug }),
      premium_purchased: row.premium_report_purchased === 1,
    });
  }
  for (const [i, row] of certificateHomes.entries()) {
    if (i > 0 && i % HOMES_PER_TURN === 0) await nextTurn();
    homes.push(certificateCompliance(row.home_id, row, onDate));
    sources.set(row.home_id, {
      source: 'register',
      report_id: null,
      address: row.address,
      postcode: row.postcode,
      report_url: '',
      premium_purchased: false,
    });
  }
  const all = portfolioCompliance(homes, order);
  const listed = all.homes.slice(0, PORTFOLIO_HOMES_MAX);
  const locations = await locationsOf(
    db,
    listed.map((h) => sources.get(h.id)!.postcode),
  );
  return {
    success: true,
    portfolio: {
      portfolio_id: portfolio.id,
      name: portfolio.name,
      client_name: portfolio.client_name,
      client_email: portfolio.client_email,
      client_company: portfolio.client_company,
      branding_id: portfolio.branding_id === null ? DEFAULT_BRANDING_ID : String(portfolio.branding_id),
      share_url: portfolioShareUrlOf(config.publicUrl, portfolio),
      deleted: portfolio.deleted_at !== null,
    },
    on_date: onDate,
    order,
    // The portfolio's headline standards are England and Wales's: each home is held to its own nation's.
    standard_now: standardOf(standardInForce('england-and-wales', onDate)),
    standard_next: standardOf(nextStandard('england-and-wales', onDate)),
    summary: {
      homes: homes.length,
      failing_now: all.failingNow,
      failing_next: all.failingNext,
      no_route: all.noRoute,
      over_cap: all.overCap,
      may_exceed_cap: all.mayExceedCap,
      cost_unknown: all.costUnknown,
      cost: penceEnds(all.cost),
      after: penceEnds(all.after),
      bands_now: all.bandsNow,
      bands_after: all.bandsAfter,
    },
    homes: listed.map((home) => {
      const source = sources.get(home.id)!;
      return {
        home_id: home.id,
        source: source.source,
        report_id: source.report_id,
        address: source.address,
        postcode: source.postcode,
        rating: home.rating,
        band: home.band,
        certificate_date: home.certificateDate,
        certificate_expires: home.certificateExpires,
        meets_now: home.meetsNow,
        meets_next: home.meetsNext,
        compliant_until: home.compliantUntil,
        route: routeOf(home),
        location: locations.get(postcodeKey(source.postcode)) ?? null,
        report_url: source.report_url,
        premium_purchased: source.premium_purchased,
      };
    }),
    map: { tile_url: config.mapTileUrl, attribution: MAP_ATTRIBUTION },
  };
}

/** The assessor's card that heads the landlord's link: the portfolio's branding and the assessor's contact. */
export function portfolioAssessorCard(deps: Deps, portfolio: PortfolioRow): Promise<AssessorCard> {
  return assessorCardOf(deps, { user_id: portfolio.user_id, branding_id: portfolio.branding_id });
}
