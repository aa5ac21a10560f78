import type { Measure } from '../api/premium';
import { epcBand } from '../epc-bands';
import { formatPoundRange, parseCostRange, type CostRange } from '../money';

/** The home's ratings before any step: energy efficiency (EPC) and environmental impact (EIR). */
export interface StartRatings {
  epc: number;
  eir: number;
}

/**
 * Measures done in this order from these start ratings: each carries the ratings, bands and cost
 * reached after it, recomputed from the increases and costs alone (never from totals sent by a
 * client). Points add up step by step, as the register's own sequence does; once a step has no
 * readable cost the running cost is unknown, so it is '' from there on, as in the survey's list.
 * Shared so the finalise screen adds a plan up exactly as the server does when it is finalised.
 */
export function withTotals(start: StartRatings, steps: readonly Measure[]): Measure[] {
  let epc = start.epc;
  let eir = start.eir;
  let cost: CostRange | null = { low: 0, high: 0 };
  return steps.map((step) => {
    epc += step.epcIncrease;
    eir += step.eirIncrease;
    const range = parseCostRange(step.implementationCost);
    cost = cost && range ? { low: cost.low + range.low, high: cost.high + range.high } : null;
    return {
      ...step,
      epcTotal: epc,
      eirTotal: eir,
      epcBand: epcBand(epc),
      eirBand: epcBand(eir),
      costTotal: cost ? formatPoundRange(cost.low, cost.high) : '',
    };
  });
}
