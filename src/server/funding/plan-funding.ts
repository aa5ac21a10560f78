import { measureCategory } from '../surveys/epc/measure-category';
import type { Survey } from '../surveys/epc/survey';
import {
  measureOffers,
  rulesForHome,
  type Ends,
  type FundedMeasure,
  type FundingOffer,
  type HomeExtras,
  type MeasureOffers,
} from './eligibility';
import type { FundingPot, FundingRule } from './rule-types';
import { FUNDING_RULES } from './rules';
import { schemeListOf, type SchemeSummary } from './summary';

/** One measure's offers once each scheme's pot and the measure's own cost have been shared out. */
interface MeasureFunding extends MeasureOffers {
  offers: (FundingOffer & {
    /** What this scheme may pay on this measure at each end, after its pot and the other schemes; null where it pays no set sum. */
    grantPence: Ends | null;
  })[];
  /** All grants on the measure at each end: never more than its cost there. */
  grantPence: Ends;
}

/**
 * The funding of a set of steps (a plan, or all of a home's measures) at the low and the high end
 * of their estimated costs. Grants only are taken off; a loan is repaid and VAT relief is not known
 * to be in the lodged costs (the survey does not say whether they include VAT), so both are shown
 * as ways to pay, never subtracted.
 */
export interface PlanFunding {
  /** The report's date (YYYY-MM-DD): only rules in force on it count. */
  onDate: string;
  measures: MeasureFunding[];
  /** The steps' summed cost; null once a step has no readable cost (the plan's cost is then not known). */
  cost: Ends | null;
  /** The grants with a set amount the steps may be eligible for, at each end. */
  grants: Ends;
  /** cost − grants at each end: never below zero, never below the cost less the grants. Null when the cost is not known. */
  after: Ends | null;
  /** Every scheme that may help, grants first (largest at the high end first), each with its amount at both ends. */
  schemes: SchemeSummary[];
  /** The grant schemes alone, in the same order. */
  grantSchemes: SchemeSummary[];
  /** Loans: ways to spread the cost, never taken off it. */
  loans: SchemeSummary[];
  /** Tax reliefs (VAT): shown, not taken off the lodged costs. */
  reliefs: SchemeSummary[];
}

const ZERO: Ends = { low: 0, high: 0 };
const END_NAMES = ['low', 'high'] as const;
type End = (typeof END_NAMES)[number];

interface PotEntry {
  measureIndex: number;
  offer: FundingOffer;
}

/**
 * Shares out the grants at one end of the costs. Per pot ('largest': one grant per property, the
 * largest at this end; 'capped': the sum up to the cap, the solid-wall cap where solid wall is
 * among its measures); per measure, the grants of all schemes together never exceed its cost at
 * this end. A grant without a pot is limited by its measure's cost alone.
 */
function shareOut(
  measures: readonly MeasureOffers[],
  potOf: (ruleId: string) => FundingPot | undefined,
  end: End,
): Map<FundingOffer, number> {
  const left = measures.map((m) => (m.cost ? m.cost[end] : 0));
  const given = new Map<FundingOffer, number>();
  const pots = new Map<string, { pot: FundingPot | undefined; entries: PotEntry[] }>();
  measures.forEach((m, measureIndex) => {
    for (const offer of m.offers) {
      if (offer.ruleGrantPence === null) continue;
      const pot = potOf(offer.ruleId);
      const key = pot ? `pot:${pot.id}` : `rule:${offer.ruleId}:${measureIndex}`;
      const held = pots.get(key) ?? { pot, entries: [] };
      held.entries.push({ measureIndex, offer });
      pots.set(key, held);
    }
  });
  const worth = (e: PotEntry) => Math.max(0, Math.min(e.offer.ruleGrantPence![end], left[e.measureIndex]));
  const give = (e: PotEntry, pence: number) => {
    given.set(e.offer, pence);
    left[e.measureIndex] -= pence;
  };
  for (const { pot, entries } of pots.values()) {
    if (pot?.kind === 'largest') {
      const best = entries.reduce((a, b) => (worth(b) > worth(a) ? b : a));
      for (const e of entries) give(e, e === best ? worth(e) : 0);
    } else if (pot?.kind === 'capped') {
      const solidWall = entries.some((e) => measureCategory(measures[e.measureIndex].code) === 'solid-wall');
      let capLeft = solidWall && pot.capWithSolidWallPence ? pot.capWithSolidWallPence : pot.capPence;
      for (const e of entries) {
        const pence = Math.min(worth(e), capLeft);
        capLeft -= pence;
        give(e, pence);
      }
    } else {
      for (const e of entries) give(e, worth(e));
    }
  }
  return given;
}

const sumEnds = (parts: readonly Ends[]): Ends => parts.reduce((a, b) => ({ low: a.low + b.low, high: a.high + b.high }), ZERO);

/**
 * A plan's (or any set of steps') funding on a day, at both ends of its cost range: what each
 * scheme may pay per measure and in all, what the steps may cost after grants, and the loans and
 * reliefs that apply. The one place these sums are made: the Preliminary, the Premium and the
 * owner's link all read it.
 */
export function planFundingOf(
  survey: Survey,
  steps: readonly FundedMeasure[],
  onDate: string,
  extras: HomeExtras = {},
  rules: readonly FundingRule[] = FUNDING_RULES,
): PlanFunding {
  const applicable = rulesForHome(survey, onDate, rules);
  const offered = measureOffers(survey, steps, applicable, extras);
  const pots = new Map(applicable.filter((r) => r.pot).map((r) => [r.id, r.pot!]));
  const [low, high] = END_NAMES.map((end) => shareOut(offered, (id) => pots.get(id), end));
  const measures: MeasureFunding[] = offered.map((m) => {
    const offers = m.offers.map((o) => ({
      ...o,
      grantPence: o.ruleGrantPence === null ? null : { low: low.get(o) ?? 0, high: high.get(o) ?? 0 },
    }));
    return { ...m, offers, grantPence: sumEnds(offers.map((o) => o.grantPence ?? ZERO)) };
  });
  const grants = sumEnds(measures.map((m) => m.grantPence));
  const cost = measures.every((m) => m.cost) ? sumEnds(measures.map((m) => m.cost!)) : null;
  const after = cost && { low: Math.max(0, cost.low - grants.low), high: Math.max(0, cost.high - grants.high) };
  const schemes = schemeListOf(measures, rules);
  return {
    onDate,
    measures,
    cost,
    grants,
    after,
    schemes,
    grantSchemes: schemes.filter((s) => s.role === 'grant'),
    loans: schemes.filter((s) => s.role === 'loan'),
    reliefs: schemes.filter((s) => s.role === 'relief'),
  };
}
