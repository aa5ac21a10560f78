import type { z } from 'zod';
import type * as premium from '../../shared/api/premium';
import type { Measure } from '../../shared/api/premium';
import {
  CUSTOM_PLAN_DEFAULT_NAME,
  CUSTOM_PLAN_MEASURES_LIMIT,
  MEASURE_COST_MAX,
  MEASURE_POINTS_RANGE,
  type Priority,
} from '../../shared/constants';
import { remarksState } from '../../shared/rules/remarks';
import { PLAN_ID } from '../../shared/states';
import { badRequest } from '../platform/http/http-error';
import type { PremiumPlan } from '../pdf/premium-input';
import { BAND_C_MIN } from '../funding/cheapest-to-c';
import { planMembers, planOrder, PLAN_NAMES, type ComputedPlanId, type Plan } from './plans';
import { withTotals, type StartRatings } from '../../shared/rules/plan-totals';
import { premiumPlanOf } from './plan-steps';

type FinaliseBody = z.output<typeof premium.finalisePremiumReport.request>;

const OVER_LENGTH_LIMIT = 'You are over the length limit';

/** What a finalising keeps, checked against the report's own measures and recomputed here. */
export interface FinaliseChoice {
  /** The chosen computed plans, the leading one first. */
  plans: PremiumPlan[];
  customPlan: PremiumPlan | null;
  customPlanName: string;
  /** Every measure of the survey, in sequence, with the assessor's points and costs. */
  measures: Measure[];
  remarks: string;
}

/** A measure named in an error: survey texts can be long, a sentence should not be. */
const named = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;

type Figures = Pick<Measure, 'epcIncrease' | 'eirIncrease' | 'implementationCost'>;

/**
 * The assessor's points and costs by measure code, from every plan sent. Only these three figures
 * are taken from the client; names, images and every total come from the report and the server.
 */
function adjustmentsOf(plans: readonly Plan[], byCode: ReadonlyMap<string, Measure>): Map<string, Figures> {
  const adjusted = new Map<string, Figures>();
  for (const plan of plans) {
    for (const m of plan.data.measures) {
      const own = byCode.get(m.code);
      if (!own) throw badRequest(`${named(m.code)} is not one of this report's measures.`);
      const points = [m.epcIncrease, m.eirIncrease];
      if (points.some((p) => p < MEASURE_POINTS_RANGE.min || p > MEASURE_POINTS_RANGE.max))
        throw badRequest(
          `The points of ${named(own.name)} must be whole numbers from ${MEASURE_POINTS_RANGE.min} to ${MEASURE_POINTS_RANGE.max}.`,
        );
      const cost = m.implementationCost.trim();
      if (cost.length > MEASURE_COST_MAX)
        throw badRequest(`The cost of ${named(own.name)} must be ${MEASURE_COST_MAX} characters or fewer.`);
      const figures = { epcIncrease: m.epcIncrease, eirIncrease: m.eirIncrease, implementationCost: cost };
      const before = adjusted.get(m.code);
      if (
        before &&
        (before.epcIncrease !== figures.epcIncrease ||
          before.eirIncrease !== figures.eirIncrease ||
          before.implementationCost !== figures.implementationCost)
      )
        throw badRequest(`${named(own.name)} has different points or costs in two plans. Please reload the page and try again.`);
      adjusted.set(m.code, figures);
    }
  }
  return adjusted;
}

function customPlanOf(plan: Plan, name: string, start: StartRatings, adjustedByCode: ReadonlyMap<string, Measure>): PremiumPlan {
  const codes = plan.data.measures.map((m) => m.code);
  if (codes.length === 0) throw badRequest('Please add at least one measure to the custom plan.');
  if (codes.length > CUSTOM_PLAN_MEASURES_LIMIT)
    throw badRequest(`The custom plan can have at most ${CUSTOM_PLAN_MEASURES_LIMIT} measures.`);
  if (new Set(codes).size !== codes.length) throw badRequest('A measure can be in the custom plan only once.');
  return premiumPlanOf(
    { id: PLAN_ID.custom, name, collect: plan.collect },
    start,
    codes.map((c) => adjustedByCode.get(c)!),
  );
}

/**
 * Checks a finalise request against the report it is for: every plan once; a computed plan exactly
 * as the server computed it from the survey (its measures and their order), so its name stays
 * true; the custom plan within its limit; points, costs and remarks within theirs. Any problem is
 * a 400 with a sentence and nothing is kept. Totals are recomputed from the figures, never taken.
 */
export function checkFinalise(
  body: FinaliseBody,
  basis: { measures: Measure[]; start: StartRatings },
  priority: Priority | null,
): FinaliseChoice {
  const { measures, start } = basis;
  if (remarksState(body.customRemarks) === 'over') throw badRequest(OVER_LENGTH_LIMIT);
  const ids = body.plan_data.map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw badRequest('Each plan can be included only once.');

  const byCode = new Map<string, Measure>();
  for (const m of measures) if (!byCode.has(m.code)) byCode.set(m.code, m);
  const adjustments = adjustmentsOf(body.plan_data, byCode);
  const adjusted = withTotals(
    start,
    measures.map((m) => ({ ...m, ...adjustments.get(m.code) })),
  );
  const adjustedByCode = new Map<string, Measure>();
  for (const m of adjusted) if (!adjustedByCode.has(m.code)) adjustedByCode.set(m.code, m);

  const members = planMembers(measures, start);
  const chosen = new Map<ComputedPlanId, PremiumPlan>();
  let customPlan: PremiumPlan | null = null;
  const customPlanName = body.customPlanName.trim() || CUSTOM_PLAN_DEFAULT_NAME;
  for (const plan of body.plan_data) {
    if (plan.id === PLAN_ID.custom) {
      customPlan = customPlanOf(plan, customPlanName, start, adjustedByCode);
      continue;
    }
    const expected = members[plan.id];
    if (!expected) throw badRequest(`The plan ${named(PLAN_NAMES[plan.id])} is not offered for this report.`);
    const codes = plan.data.measures.map((m) => m.code);
    if (codes.length !== expected.length || expected.some((index, i) => measures[index].code !== codes[i]))
      throw badRequest(
        `The plan ${named(PLAN_NAMES[plan.id])} does not match this report's measures. Please reload the page and try again.`,
      );
    const done = premiumPlanOf(
      { id: plan.id, name: PLAN_NAMES[plan.id], collect: plan.id === PLAN_ID.largestCo2Cut ? 'EIR' : 'EPC' },
      start,
      expected.map((index) => adjusted[index]),
    );
    // Its name says band C: with points lowered below that, it would claim a band it does not reach.
    if (plan.id === PLAN_ID.cheapestToC && done.epcAfter < BAND_C_MIN)
      throw badRequest(
        'With the points as adjusted, the cheapest route to band C no longer reaches band C. Leave that plan out or check the points.',
      );
    chosen.set(plan.id, done);
  }
  if (chosen.size === 0 && !customPlan && Object.keys(members).length > 0) throw badRequest('Please include at least one plan.');

  return {
    plans: planOrder([...chosen.keys()], priority).map((id) => chosen.get(id)!),
    customPlan,
    customPlanName: customPlan ? customPlanName : '',
    measures: adjusted,
    remarks: body.customRemarks,
  };
}
