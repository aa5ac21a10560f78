import type { Measure } from '../../shared/api/premium';
import { bandMinimum, EPC_BANDS, epcBand, type EpcBand } from '../../shared/epc-bands';
import { cheapestToRating } from '../funding/cheapest-to-c';
import type { Ends } from '../funding/eligibility';
import { capStatusOf, nextStandard, standardInForce, type CapStatus, type LettingStandard } from '../funding/letting-standards';
import { nationOf } from '../funding/nation';
import { planFundingOf } from '../funding/plan-funding';
import type { ReportFigures } from '../reports/report-figures';
import type { Survey } from '../surveys/epc/survey';

/** An EPC is valid for ten years: https://www.gov.uk/buy-sell-your-home/energy-performance-certificates */
const CERTIFICATE_VALID_YEARS = 10;

/** The cheapest measures that take a home to the coming standard's band, with what they cost and what may pay towards them. */
export interface RouteToStandard {
  /** In survey order. */
  steps: RouteStep[];
  /** The rating the steps reach together. */
  reaches: number;
  /** The steps' summed lodged cost at each end; null once a step has no readable cost. */
  cost: Ends | null;
  cap: CapStatus;
  /** Grants the steps may be eligible for, at each end. */
  grants: Ends;
  /** Cost less grants at each end; null with the cost unknown. */
  after: Ends | null;
  /** The grant schemes that may pay towards the steps, as an owner sees them named, with their page. */
  schemes: { scheme: string; url: string }[];
}

/**
 * A step of a route. epcTotal is the rating after it where the certificate lodges one per step (a
 * survey's); null for a register certificate's recommendation, as the register lodges only the
 * rating after all of them (the potential).
 */
export type RouteStep = Pick<Measure, 'code' | 'name' | 'implementationCost'> & { epcTotal: number | null };

/** The steps' cost against the standard's cap and what may pay towards them: a survey's route and a register certificate's alike. */
export function routeToStandard(
  survey: Survey,
  steps: RouteStep[],
  reaches: number,
  standard: LettingStandard,
  onDate: string,
): RouteToStandard {
  const funding = planFundingOf(survey, steps, onDate);
  return {
    steps,
    reaches,
    cost: funding.cost,
    cap: capStatusOf(funding.cost, standard.costCapPence),
    grants: funding.grants,
    after: funding.after,
    schemes: funding.grantSchemes.map((s) => ({ scheme: s.title, url: s.url })),
  };
}

export interface HomeCompliance {
  id: number;
  /** First address line and postcode: what a landlord knows the home by. */
  address: string;
  rating: number;
  band: EpcBand;
  certificateDate: string | null;
  certificateExpires: string | null;
  /** The standard in force today (band E in England and Wales); null where none applies. */
  standardNow: LettingStandard | null;
  meetsNow: boolean | null;
  /** The standard decided for later (band C by 1 October 2030); null where none is. */
  standardNext: LettingStandard | null;
  meetsNext: boolean | null;
  /** A home at the coming band on today's certificate stays compliant until that certificate expires. */
  compliantUntil: string | null;
  /** Below the coming band: the cheapest route to it, or null when no set of its measures reaches it. */
  route: RouteToStandard | null;
}

const addYears = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4, 10)}`;
const meetsBand = (rating: number, band: EpcBand) => rating >= bandMinimum(band);

/** How one home stands against the letting standards of its nation, on a date (YYYY-MM-DD). */
export function homeCompliance(id: number, { survey, measures }: ReportFigures, onDate: string): HomeCompliance {
  const rating = survey.energyRating.current;
  const nation = nationOf(survey.country);
  const standardNow = standardInForce(nation, onDate);
  const standardNext = nextStandard(nation, onDate);
  const lodged = survey.lodgementDate?.slice(0, 10) ?? null;
  const expires = lodged && addYears(lodged, CERTIFICATE_VALID_YEARS);
  const meetsNext = standardNext && meetsBand(rating, standardNext.band);
  const keptByCertificate =
    meetsNext && expires && (!standardNext.certificatesLodgedBefore || (lodged && lodged < standardNext.certificatesLodgedBefore));
  let route: RouteToStandard | null = null;
  if (standardNext && !meetsNext) {
    const chosen = cheapestToRating(measures, rating, bandMinimum(standardNext.band));
    if (chosen) {
      // The survey's own running total counts the measures the route leaves out: each step's rating is counted over the route's alone.
      let reaches = rating;
      const steps: RouteStep[] = chosen.map((i) => {
        const { code, name, implementationCost, epcIncrease } = measures[i];
        reaches += epcIncrease;
        return { code, name, implementationCost, epcTotal: reaches };
      });
      route = routeToStandard(survey, steps, reaches, standardNext, onDate);
    }
  }
  return {
    id,
    address: [survey.address.lines[0] ?? '', survey.address.postcode ?? ''].filter(Boolean).join(', '),
    rating,
    band: epcBand(rating),
    certificateDate: lodged,
    certificateExpires: expires,
    standardNow,
    meetsNow: standardNow && meetsBand(rating, standardNow.band),
    standardNext,
    meetsNext,
    compliantUntil: keptByCertificate ? expires : null,
    route,
  };
}

/** Worst first: the lowest rating first. Cheapest points first: the least cost (low end) per point gained first. */
export type WorkOrder = 'worst-first' | 'cheapest-points-first';

export interface PortfolioCompliance {
  /** The homes in the order to work in. */
  homes: HomeCompliance[];
  failingNow: number;
  failingNext: number;
  /** Homes below the coming band that no set of their measures takes there. */
  noRoute: number;
  overCap: number;
  mayExceedCap: number;
  /** Routes with a step of unknown cost: left out of the totals, and counted here. */
  costUnknown: number;
  /** The summed cost of every known route at each end, before and after grants. */
  cost: Ends;
  after: Ends;
  bandsNow: Record<EpcBand, number>;
  /** Each home's band once its route is done (its band today where it has none). */
  bandsAfter: Record<EpcBand, number>;
}

const failingNext = (h: HomeCompliance) => h.meetsNext === false;
const costPerPoint = (h: HomeCompliance) => {
  const gained = h.route ? h.route.reaches - h.rating : 0;
  return h.route?.cost && gained > 0 ? h.route.cost.low / gained : Number.POSITIVE_INFINITY;
};
const ORDERS: Record<WorkOrder, (a: HomeCompliance, b: HomeCompliance) => number> = {
  'worst-first': (a, b) => a.rating - b.rating || a.id - b.id,
  'cheapest-points-first': (a, b) =>
    Number(failingNext(b)) - Number(failingNext(a)) || costPerPoint(a) - costPerPoint(b) || a.rating - b.rating || a.id - b.id,
};

const noBands = (): Record<EpcBand, number> => Object.fromEntries(EPC_BANDS.map((b) => [b.band, 0])) as Record<EpcBand, number>;

/** A landlord's homes together: what fails now and in 2030, what the routes cost, and the order to work in. */
export function portfolioCompliance(homes: readonly HomeCompliance[], order: WorkOrder = 'worst-first'): PortfolioCompliance {
  const sum = (pick: (h: HomeCompliance) => Ends | null | undefined): Ends =>
    homes.reduce(
      (total, h) => {
        const ends = pick(h);
        return ends ? { low: total.low + ends.low, high: total.high + ends.high } : total;
      },
      { low: 0, high: 0 },
    );
  const known = (h: HomeCompliance) => (h.route?.cost ? h.route : null);
  const bandsNow = noBands();
  const bandsAfter = noBands();
  for (const h of homes) {
    bandsNow[h.band]++;
    bandsAfter[h.route ? epcBand(h.route.reaches) : h.band]++;
  }
  return {
    homes: [...homes].sort(ORDERS[order]),
    failingNow: homes.filter((h) => h.meetsNow === false).length,
    failingNext: homes.filter(failingNext).length,
    noRoute: homes.filter((h) => failingNext(h) && !h.route).length,
    overCap: homes.filter((h) => h.route?.cap === 'over').length,
    mayExceedCap: homes.filter((h) => h.route?.cap === 'may-exceed').length,
    costUnknown: homes.filter((h) => h.route?.cap === 'cost-unknown').length,
    cost: sum((h) => known(h)?.cost),
    after: sum((h) => known(h)?.after),
    bandsNow,
    bandsAfter,
  };
}
