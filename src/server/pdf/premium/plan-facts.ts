import { PRIORITY_LABELS } from '../../../shared/constants';
import { epcBand, type EpcBand } from '../../../shared/epc-bands';
import { PLAN_ID, type PlanId } from '../../../shared/states';
import { asBand } from '../band-chip';
import { pdfText } from '../format';
import type { PremiumPlan, PremiumReportInput } from '../premium-input';

/** What each computed plan sets out to do, in an owner's words. */
const PLAN_PURPOSE: Record<Exclude<PlanId, 'custom'>, string> = {
  [PLAN_ID.cheapestToC]:
    'The least costly set of the recommended improvements that takes your home to energy band C, in the order they are best carried out.',
  [PLAN_ID.highestEpc]:
    'The improvements that raise your energy rating the most, for the lowest running costs, in the order they are best carried out.',
  [PLAN_ID.largestCo2Cut]:
    "The improvements that cut your home's carbon dioxide emissions the most, counted in environmental impact (CO2) points, in the order they are best carried out.",
  [PLAN_ID.allRecommended]: 'Every improvement recommended for your home, in the order they are best carried out.',
};

export function planPurpose(plan: PremiumPlan, input: PremiumReportInput): string {
  if (plan.id === PLAN_ID.custom) {
    const who = pdfText(input.assessor.name) || 'Your assessor';
    return `${who} put this plan together for your home from the recommended improvements.`;
  }
  return PLAN_PURPOSE[plan.id];
}

/** The plan's name as the assessor or the plan computation gave it, safe for the standard fonts. */
export const planName = (plan: PremiumPlan): string => pdfText(plan.name) || 'Improvement plan';

/** Why the first plan leads, when the owner said what matters to them. */
export function priorityNote(input: PremiumReportInput): string | null {
  const lead = input.plans[0];
  if (!input.priority || !lead) return null;
  return `Your priority, as you told us: “${PRIORITY_LABELS[input.priority]}”. The plan that serves it best, ${planName(lead)}, comes first.`;
}

export interface RatingRoute {
  start: number;
  after: number;
  startBand: EpcBand;
  afterBand: EpcBand;
}

/** The energy (EPC) rating before and after a plan; the band after is the plan's own. */
export function energyRoute(plan: PremiumPlan, input: PremiumReportInput): RatingRoute {
  return {
    start: input.epcStart,
    after: plan.epcAfter,
    startBand: epcBand(input.epcStart),
    afterBand: asBand(plan.bandAfter, plan.epcAfter),
  };
}

export function environmentalRoute(plan: PremiumPlan, input: PremiumReportInput): RatingRoute {
  return { start: input.eirStart, after: plan.eirAfter, startBand: epcBand(input.eirStart), afterBand: epcBand(plan.eirAfter) };
}

/** '+17', '0' or '-2': points as a change. */
export const signed = (points: number): string => (points > 0 ? `+${Math.round(points)}` : String(Math.round(points)));
