import { PRIORITIES } from '../../src/shared/constants';
import { leadingPlanFirst, leadingPlanId } from '../../src/shared/rules/leading-plan';
import { PLAN_ID, PLAN_IDS } from '../../src/shared/states';

const plans = [PLAN_ID.cheapestToC, PLAN_ID.highestEpc, PLAN_ID.largestCo2Cut, PLAN_ID.allRecommended].map((id) => ({ id }));

describe('the plan the owner’s priority picks', () => {
  it.each([
    ['getToC', PLAN_ID.cheapestToC],
    ['improveEIR', PLAN_ID.largestCo2Cut],
    ['improveEnergyEfficiency', PLAN_ID.highestEpc],
    ['improveComfort', PLAN_ID.allRecommended],
  ] as const)('leads with %s -> %s, the others after it in their order', (priority, id) => {
    expect(leadingPlanId(priority)).toBe(id);
    const ordered = leadingPlanFirst(plans, priority).map((p) => p.id);
    expect(ordered[0]).toBe(id);
    expect(ordered.slice(1)).toEqual(plans.map((p) => p.id).filter((p) => p !== id));
  });

  it('picks a computed plan for every priority, never the custom plan', () => {
    for (const priority of PRIORITIES) {
      const id = leadingPlanId(priority);
      expect(PLAN_IDS).toContain(id);
      expect(id).not.toBe(PLAN_ID.custom);
    }
  });

  it('keeps the order as it is when the assessor bought the report', () => {
    expect(leadingPlanId(null)).toBeNull();
    expect(leadingPlanFirst(plans, null)).toEqual(plans);
  });

  it('keeps the order when the picked plan is not among them', () => {
    const without = plans.filter((p) => p.id !== PLAN_ID.cheapestToC);
    expect(leadingPlanFirst(without, 'getToC')).toEqual(without);
  });
});
