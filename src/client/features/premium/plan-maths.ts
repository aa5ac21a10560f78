import type { Measure } from '../../../shared/api/reports';
import { epcBand } from '../../../shared/epc-bands';
import { formatLodgedCost } from '../../../shared/money';
import { UNKNOWN_COST } from './band-chip';

/** What the assessor may change about a measure, as typed: points as text until they parse. */
export interface MeasureFields {
  epc: string;
  eir: string;
  cost: string;
}

export const COST_MAX_LENGTH = 100;
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

/**
 * A cost as the screen shows it, in the reports' one money format: "2000" reads "£2,000" and
 * "£100 - £350" reads "£100 – £350"; words that are no amount stay as written, and a blank cost
 * (or a cost so far this screen cannot add up) says it is not known yet.
 */
export const costShown = (cost: string): string => formatLodgedCost(cost) ?? UNKNOWN_COST;

/** Whether every points field parses; finalising waits until they do. */
export const fieldsValid = (fields: MeasureFields) => parsePoints(fields.epc) !== null && parsePoints(fields.eir) !== null;

/** The measure with the assessor's changes; a field that does not parse yet leaves the survey's figure. */
export function adjusted(measure: Measure, fields: MeasureFields | undefined): Measure {
  if (!fields) return measure;
  return {
    ...measure,
    epcIncrease: parsePoints(fields.epc) ?? measure.epcIncrease,
    eirIncrease: parsePoints(fields.eir) ?? measure.eirIncrease,
    implementationCost: fields.cost.trim(),
  };
}

/**
 * Measures done in this order from the starting ratings: each carries the ratings and bands after
 * it, so a plan never claims a band its points do not reach. The cost so far is left as it came
 * (see applyAdjustments).
 */
export function withRunningTotals(measures: Measure[], start: { epc: number; eir: number }): Measure[] {
  let epc = start.epc;
  let eir = start.eir;
  return measures.map((measure) => {
    epc += measure.epcIncrease;
    eir += measure.eirIncrease;
    return { ...measure, epcTotal: epc, eirTotal: eir, epcBand: epcBand(epc), eirBand: epcBand(eir) };
  });
}

/**
 * Puts the assessor's changes into another list of the report's measures (a plan's), by code. Only
 * what the assessor changed from the survey's figure replaces the list's own, so a plan that
 * counts a measure differently keeps its figure until the assessor says otherwise. Once a cost
 * has changed, the cost so far from that step on is unknown here ('' as the server writes an
 * unknown total) rather than wrong: the server adds up the costs it is sent.
 */
export function applyAdjustments(measures: Measure[], survey: Measure[], fields: Record<string, MeasureFields>): Measure[] {
  const original = new Map(survey.map((m) => [m.code, m]));
  let costChanged = false;
  return measures.map((measure) => {
    const from = original.get(measure.code);
    const typed = fields[measure.code];
    if (!from || !typed) return costChanged ? { ...measure, costTotal: '' } : measure;
    const changed = adjusted(from, typed);
    costChanged ||= changed.implementationCost !== from.implementationCost;
    return {
      ...measure,
      epcIncrease: changed.epcIncrease !== from.epcIncrease ? changed.epcIncrease : measure.epcIncrease,
      eirIncrease: changed.eirIncrease !== from.eirIncrease ? changed.eirIncrease : measure.eirIncrease,
      implementationCost: changed.implementationCost !== from.implementationCost ? changed.implementationCost : measure.implementationCost,
      costTotal: costChanged ? '' : measure.costTotal,
    };
  });
}
