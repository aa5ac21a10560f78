import type { z } from 'zod';
import type { Measure, plan as planSchema } from '../../shared/api/premium';
import { PRIORITY_DEFAULT, type Priority } from '../../shared/constants';
import { PLAN_ID, type PlanId } from '../../shared/states';
import { PLAN_FOR_PRIORITY } from '../../shared/rules/leading-plan';
import { premiumOnOffer } from '../../shared/rules/premium-offer';
import { BAND_C_MIN, cheapestToC } from '../funding/cheapest-to-c';
import { withTotals, type StartRatings } from '../../shared/rules/plan-totals';

export type Plan = z.infer<typeof planSchema>;
type ComputedPlanId = Exclude<PlanId, typeof PLAN_ID.custom>;

/** What each computed plan is called in the finalise screen and the PDF. */
export const PLAN_NAMES: Record<ComputedPlanId, string> = {
  cheapestToC: 'Cheapest route to band C',
  highestEpc: 'Highest energy rating',
  largestCo2Cut: 'Largest cut in carbon emissions',
  allRecommended: 'Everything recommended',
};

/** The order plans are offered in after the one that leads. */
const PLAN_ORDER: ComputedPlanId[] = [PLAN_ID.cheapestToC, PLAN_ID.highestEpc, PLAN_ID.largestCo2Cut, PLAN_ID.allRecommended];

/**
 * The measures, in survey order, of each computed plan; a plan with no measures is not offered.
 * - cheapestToC: the cheapest set reaching band C (cheapest-to-c.ts); not offered when the home is
 *   already C or better (nothing to do) or when no set of its measures reaches C.
 * - highestEpc: every measure that adds EPC points (their sum is the most the list can reach;
 *   one adding none would only add cost).
 * - largestCo2Cut: every measure that adds environmental (EIR) points, collecting EIR.
 * - allRecommended: the survey's whole list, in its order.
 * A home none of whose measures adds a point has nothing a plan could improve: no plan is offered
 * (the same rule that keeps the Premium off sale for it).
 */
export function planMembers(measures: readonly Measure[], start: StartRatings): Partial<Record<ComputedPlanId, number[]>> {
  if (!premiumOnOffer(measures)) return {};
  const all = measures.map((_, i) => i);
  const toC = start.epc < BAND_C_MIN ? cheapestToC(measures, start.epc) : null;
  const members: Partial<Record<ComputedPlanId, number[]>> = {
    cheapestToC: toC ?? [],
    highestEpc: all.filter((i) => measures[i].epcIncrease > 0),
    largestCo2Cut: all.filter((i) => measures[i].eirIncrease > 0),
    allRecommended: all,
  };
  for (const id of PLAN_ORDER) if (!members[id]?.length) delete members[id];
  return members;
}

/** The plan ids offered, the owner's priority's plan first (or, when that one is not offered, the rest in order). */
export function planOrder(offered: readonly ComputedPlanId[], priority: Priority | null): ComputedPlanId[] {
  // The same rule the finalise screen shows (src/shared/rules/leading-plan.ts); no priority reads as the default one.
  const lead = PLAN_FOR_PRIORITY[priority ?? PRIORITY_DEFAULT];
  const rest = PLAN_ORDER.filter((id) => offered.includes(id));
  return rest.includes(lead) ? [lead, ...rest.filter((id) => id !== lead)] : rest;
}

/** The computed plans of a report as the finalise screen shows them: the leading one first, totals recomputed per plan. */
export function computePlans(measures: readonly Measure[], start: StartRatings, priority: Priority | null): Plan[] {
  const members = planMembers(measures, start);
  return planOrder(Object.keys(members) as ComputedPlanId[], priority).map((id) => ({
    id,
    name: PLAN_NAMES[id],
    collect: id === PLAN_ID.largestCo2Cut ? ('EIR' as const) : ('EPC' as const),
    data: {
      measures: withTotals(
        start,
        members[id]!.map((i) => measures[i]),
      ),
    },
  }));
}

export type { ComputedPlanId };
