import type { Measure } from '../../shared/api/premium';
import { bandMinimum } from '../../shared/epc-bands';
import { parseCostRange } from '../surveys/epc/cost-range';

/** The fewest points of band C (69). */
export const BAND_C_MIN = bandMinimum('C');

/**
 * What a set of measures costs, compared in this order: how many steps have no readable cost (a
 * plan is only "cheapest" when its price is known, so a costed set always beats one with an
 * unknown step), the low end of the summed cost ranges, their high end, then the number of steps.
 */
type Cost = readonly [uncosted: number, low: number, high: number, steps: number];
const ZERO: Cost = [0, 0, 0, 0];
const add = (a: Cost, b: Cost): Cost => [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]];
function less(a: Cost, b: Cost): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

function costKeyOf(measure: Measure): Cost {
  const range = parseCostRange(measure.implementationCost);
  return range ? [0, range.low, range.high, 1] : [1, 0, 0, 1];
}

export function totalCostKey(measures: readonly Measure[]): Cost {
  return measures.map(costKeyOf).reduce(add, ZERO);
}

/**
 * The indices (in survey order) of the cheapest set of measures whose EPC points take the home
 * from `epcStart` to band C; [] when it is there already, null when no set of its measures can.
 *
 * Exact for any number of measures: a 0/1 knapsack "cover at least D points at least cost" solved
 * by dynamic programming over the points still needed, capped at D = 69 - epcStart (fewer than 70
 * for any rated home). Time and memory O(n·D): a survey's dozen measures take a few hundred steps.
 * The cost is compared lexicographically (see Cost), which adding a measure's cost preserves, so
 * the table's choices are optimal for that order. Only measures that add points can help; one
 * that adds none or takes points away is never in the set.
 */
export function cheapestToC(measures: readonly Measure[], epcStart: number): number[] | null {
  return cheapestToRating(measures, epcStart, BAND_C_MIN);
}

/** As cheapestToC, for any target rating (the letting minimum, band E, uses it too). */
export function cheapestToRating(measures: readonly Measure[], epcStart: number, target: number): number[] | null {
  const need = target - epcStart;
  if (need <= 0) return [];
  const items = measures.map((m, index) => ({ index, gain: m.epcIncrease, cost: costKeyOf(m) })).filter((m) => m.gain > 0);
  // best[i][p]: the cheapest cost of gaining at least p points (p capped at need) from the first i items.
  const best: (Cost | null)[][] = [Array.from({ length: need + 1 }, (_, p) => (p === 0 ? ZERO : null))];
  items.forEach((item, i) => {
    const before = best[i];
    best.push(
      before.map((without, p) => {
        const from = before[Math.max(0, p - item.gain)];
        const withIt = from ? add(from, item.cost) : null;
        return withIt && (!without || less(withIt, without)) ? withIt : without;
      }),
    );
  });
  if (!best[items.length][need]) return null;
  const chosen: number[] = [];
  let p = need;
  for (let i = items.length; i > 0; i--) {
    // Taken exactly when the cost differs from leaving it out (ties keep the item out, as above).
    if (best[i][p] !== best[i - 1][p]) {
      chosen.push(items[i - 1].index);
      p = Math.max(0, p - items[i - 1].gain);
    }
  }
  return chosen.reverse();
}
