import type { Priority } from '../constants';
import { PLAN_ID, type PlanId } from '../states';

/**
 * Which plan answers each of the owner's priorities: reaching C is the cheapest way to C, cutting
 * carbon is the plan that collects EIR points, comfort is everything recommended (insulation and
 * heating together), and running costs are the highest EPC rating.
 */
export const PLAN_FOR_PRIORITY = {
  improveEnergyEfficiency: PLAN_ID.highestEpc,
  getToC: PLAN_ID.cheapestToC,
  improveEIR: PLAN_ID.largestCo2Cut,
  improveComfort: PLAN_ID.allRecommended,
} as const satisfies Record<Priority, PlanId>;

/** The plan the owner's priority picks; none when the assessor bought the report (no priority). */
export const leadingPlanId = (priority: Priority | null): PlanId | null => (priority ? PLAN_FOR_PRIORITY[priority] : null);

/** The plans with the one the owner's priority picks first; the others keep their order. */
export function leadingPlanFirst<P extends { id: PlanId }>(plans: readonly P[], priority: Priority | null): P[] {
  const leading = leadingPlanId(priority);
  return [...plans.filter((p) => p.id === leading), ...plans.filter((p) => p.id !== leading)];
}
