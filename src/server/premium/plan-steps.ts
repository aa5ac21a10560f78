import type { Measure } from '../../shared/api/premium';
import { epcBand } from '../../shared/epc-bands';
import { withTotals, type StartRatings } from '../../shared/rules/plan-totals';
import { addRanges, parseCostRange, type CostRange } from '../surveys/epc/cost-range';
import type { PremiumPlan } from '../pdf/premium-input';

/** The cost of a set of steps as a range in pence; null when any step has no readable cost. */
function costOf(steps: readonly Measure[]): CostRange | null {
  let total: CostRange | null = { low: 0, high: 0 };
  for (const step of steps) {
    const range = parseCostRange(step.implementationCost);
    total = total && range ? addRanges(total, range) : null;
  }
  return total;
}

/**
 * A plan as the Premium PDF draws it. The band after is the EPC (energy efficiency) band the
 * points reach, whatever the plan collects: it is the band on the certificate, and a plan never
 * names one its points do not reach.
 */
export function premiumPlanOf(
  plan: { id: PremiumPlan['id']; name: string; collect: PremiumPlan['collect'] },
  start: StartRatings,
  steps: readonly Measure[],
): PremiumPlan {
  const done = withTotals(start, steps);
  const last = done.at(-1);
  const epcAfter = last?.epcTotal ?? start.epc;
  return {
    id: plan.id,
    name: plan.name,
    collect: plan.collect,
    steps: done,
    epcAfter,
    eirAfter: last?.eirTotal ?? start.eir,
    bandAfter: epcBand(epcAfter),
    costPence: costOf(steps),
  };
}
