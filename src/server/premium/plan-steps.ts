import type { Measure } from '../../shared/api/reports';
import { epcBand } from '../../shared/epc-bands';
import { addRanges, formatCostRange, parseCostRange, type CostRange } from '../surveys/epc/cost-range';
import type { PremiumPlan } from '../pdf/premium-input';

export interface StartRatings {
  epc: number;
  eir: number;
}

/**
 * Measures done in this order from these start ratings: each carries the ratings, bands and cost
 * reached after it, recomputed from the increases and costs alone (never from totals sent by a
 * client). Points add up step by step, as the register's own sequence does; once a step has no
 * readable cost the running cost is unknown, so it is '' from there on, as in the survey's list.
 */
export function withTotals(start: StartRatings, steps: readonly Measure[]): Measure[] {
  let epc = start.epc;
  let eir = start.eir;
  let cost: CostRange | null = { low: 0, high: 0 };
  return steps.map((step) => {
    epc += step.epcIncrease;
    eir += step.eirIncrease;
    const range = parseCostRange(step.implementationCost);
    cost = cost && range ? addRanges(cost, range) : null;
    return {
      ...step,
      epcTotal: epc,
      eirTotal: eir,
      epcBand: epcBand(epc),
      eirBand: epcBand(eir),
      costTotal: cost ? formatCostRange(cost) : '',
    };
  });
}

/** The cost of a set of steps as a range in pence; null when any step has no readable cost. */
export function costOf(steps: readonly Measure[]): CostRange | null {
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
