/** What a step of a report needs for this rule: the rating points it adds (energy and environmental impact). */
export interface StepPoints {
  epcIncrease: number;
  eirIncrease: number;
}

/**
 * A Premium report sells plans of improvements, so it is offered only for a home whose survey
 * recommends at least one improvement that adds rating points. A home with none (already at its
 * potential, or only steps that add nothing) is offered the visit to update its EPC, or nothing.
 */
export function premiumOnOffer(measures: readonly StepPoints[]): boolean {
  return measures.some((m) => m.epcIncrease > 0 || m.eirIncrease > 0);
}
