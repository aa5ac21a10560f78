import type { Measure } from '../../../shared/api/premium';
import { MEASURE_COST_MAX } from '../../../shared/constants';
import { formatLodgedCost } from '../../../shared/money';
import { withTotals, type StartRatings } from '../../../shared/rules/plan-totals';

/** What the assessor may change about a measure, as typed: points as text until they parse. */
export interface MeasureFields {
  epc: string;
  eir: string;
  cost: string;
}

/** The server refuses a longer cost (src/shared/constants.ts): the field stops there. */
export const COST_MAX_LENGTH = MEASURE_COST_MAX;
export const POINTS_ERROR = 'Points must be a whole number, e.g. 4 or -2';

/** A whole number of points, optionally negative (a measure can cost points on one rating). */
const WHOLE_POINTS = /^-?\d{1,3}$/;

export function parsePoints(text: string): number | null {
  const trimmed = text.trim();
  return WHOLE_POINTS.test(trimmed) ? Number(trimmed) : null;
}

export const fieldsOf = (measure: Measure): MeasureFields => ({
  epc: String(measure.epcIncrease),
  eir: String(measure.eirIncrease),
  cost: measure.implementationCost,
});

/** A cost so far this screen cannot give: a step has no readable cost, or the assessor changed one (the server adds them up). */
const UNKNOWN_COST = 'Not known yet';

/**
 * A cost as the screen shows it, in the reports' one money format: "2000" reads "£2,000" and
 * "£100 - £350" reads "£100 – £350"; words that are no amount stay as written, and a blank cost
 * (or a cost so far after a cost that is no amount) says it is not known.
 */
export const costShown = (cost: string): string => formatLodgedCost(cost) ?? UNKNOWN_COST;

/** Whether every points field parses; finalising waits until they do. */
export const fieldsValid = (fields: MeasureFields) => parsePoints(fields.epc) !== null && parsePoints(fields.eir) !== null;

/** The measure with the assessor's changes; a field that does not parse yet leaves the survey's figure. */
function adjusted(measure: Measure, fields: MeasureFields | undefined): Measure {
  if (!fields) return measure;
  return {
    ...measure,
    epcIncrease: parsePoints(fields.epc) ?? measure.epcIncrease,
    eirIncrease: parsePoints(fields.eir) ?? measure.eirIncrease,
    implementationCost: fields.cost.trim(),
  };
}

/** The survey's measures by code, with the assessor's points and costs; the first of a repeated code counts, as on the server. */
export function adjustedByCode(survey: readonly Measure[], fields: Record<string, MeasureFields>): Map<string, Measure> {
  const byCode = new Map<string, Measure>();
  for (const measure of survey) if (!byCode.has(measure.code)) byCode.set(measure.code, adjusted(measure, fields[measure.code]));
  return byCode;
}

/**
 * A plan's steps with the assessor's figures and the totals after each. The server takes a plan's
 * measures from the survey, so a measure's figures are the same in every plan; one the survey
 * does not have (which the server would refuse) keeps what the plan says.
 */
export const stepsOf = (planMeasures: readonly Measure[], byCode: ReadonlyMap<string, Measure>, start: StartRatings): Measure[] =>
  withTotals(
    start,
    planMeasures.map((step) => byCode.get(step.code) ?? step),
  );

/** Plans with the same measures in the same order are one choice for the assessor: one card names them all. */
export function mergeIdentical<P extends { data: { measures: Measure[] } }>(plans: readonly P[]): P[][] {
  const groups = new Map<string, P[]>();
  for (const plan of plans) {
    const key = JSON.stringify(plan.data.measures.map((m) => m.code));
    const group = groups.get(key);
    if (group) group.push(plan);
    else groups.set(key, [plan]);
  }
  return [...groups.values()];
}
