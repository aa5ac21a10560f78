import type { Selectable } from 'kysely';
import { bandMinimum } from '../../shared/epc-bands';
import type { RegisterCertificatesTable } from '../platform/db/schema';
import { improvementName, UNNAMED_IMPROVEMENT } from '../surveys/epc/measures';
import { isPlaceholderText } from '../surveys/epc/placeholder-text';
import type { Survey, SurveyCountry, SurveyTenure } from '../surveys/epc/survey';
import { homeCompliance, routeToStandard, type HomeCompliance, type RouteStep } from './compliance';

/** One of a register certificate's recommendations, as stored (JSON array, in IMPROVEMENT_ITEM order). */
export interface RegisterRecommendation {
  /** The improvement number ("5"), or null for one the register lodges as words only. */
  number: string | null;
  /** The register's own words for it; '' when it lodges none. */
  text: string;
  /** As lodged ("£4,000 - £6,000"); '' when none was. */
  indicativeCost: string;
}

const REGISTER_COUNTRIES: readonly SurveyCountry[] = ['ENG', 'WLS', 'EAW', 'SCT', 'NIR'];

/**
 * The bulk files write tenure in words that changed over the years ("rental (private)",
 * "Rented (social)", "Owner-occupied"); anything else ("NO DATA!", "unknown") is no tenure.
 */
export function registerTenureOf(lodged: string): SurveyTenure | null {
  const words = lodged.toLowerCase();
  if (words.includes('private')) return 'rented-private';
  if (words.includes('social')) return 'rented-social';
  if (words.includes('owner')) return 'owner-occupied';
  return null;
}

/** The stored recommendations; a row that holds no readable list has none. */
function recommendationsOf(row: Pick<Selectable<RegisterCertificatesTable>, 'recommendations'>): RegisterRecommendation[] {
  try {
    const stored: unknown = JSON.parse(row.recommendations);
    return Array.isArray(stored) ? (stored as RegisterRecommendation[]) : [];
  } catch {
    return [];
  }
}

/**
 * The certificate as the funding rules read a survey. The bulk file names no schema, fuel or
 * per-step ratings; the rules read none of those that are left empty here, and an unread fuel is
 * judged as the rules judge a survey that lodges none.
 */
function surveyOfCertificate(row: Selectable<RegisterCertificatesTable>): Survey {
  const country = REGISTER_COUNTRIES.find((c) => c === row.country) ?? 'EAW';
  return {
    schema: { family: 'RdSAP', version: null, rootElement: '' },
    country,
    tenure: registerTenureOf(row.tenure),
    mainFuel: null,
    mainsGas: null,
    rrn: null,
    address: { lines: [row.address], town: '', postcode: row.postcode },
    uprn: row.uprn || null,
    propertyType: row.property_type || null,
    floorAreaM2: null,
    inspectionDate: null,
    lodgementDate: row.lodgement_date,
    assessorId: null,
    assessorName: null,
    summary: [],
    energyRating: { current: row.current_rating, potential: row.potential_rating },
    environmentalImpact: { current: 0, potential: 0 },
    co2: { current: null, potential: null },
    runningCosts: [],
    improvements: [],
  };
}

/** A recommendation as a route step, named as a survey's measure of the same number is (measures.ts). */
function stepOf(recommendation: RegisterRecommendation, index: number, country: SurveyCountry): RouteStep {
  const text = recommendation.text.trim();
  const readable = text !== '' && !isPlaceholderText(text);
  const base = { implementationCost: recommendation.indicativeCost, epcTotal: null };
  if (recommendation.number !== null) {
    const name = improvementName(recommendation.number, country) ?? (readable ? text : `Improvement ${recommendation.number}`);
    return { ...base, code: recommendation.number, name };
  }
  if (readable) return { ...base, code: text, name: text };
  return { ...base, code: `custom-${index + 1}`, name: UNNAMED_IMPROVEMENT };
}

/**
 * How a home known by its register certificate stands against the letting standards. The
 * register lodges only the rating after all of its recommendations (the potential), not one per
 * step, so no cheapest subset can be chosen: the route is the whole list, taken only when the
 * potential reaches the coming band, and no step is given a rating of its own.
 */
export function certificateCompliance(homeId: number, row: Selectable<RegisterCertificatesTable>, onDate: string): HomeCompliance {
  const survey = surveyOfCertificate(row);
  // With no measures of its own the survey route finds none: everything else is worked out as for a survey.
  const standing = homeCompliance(homeId, { survey, measures: [], notes: [] }, onDate);
  const standard = standing.standardNext;
  if (!standard || standing.meetsNext !== false) return standing;
  const recommendations = recommendationsOf(row);
  if (recommendations.length === 0 || row.potential_rating < bandMinimum(standard.band)) return { ...standing, route: null };
  const steps = recommendations.map((r, i) => stepOf(r, i, survey.country));
  return { ...standing, route: routeToStandard(survey, steps, row.potential_rating, standard, onDate) };
}
