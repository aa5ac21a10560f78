/**
 * What only the household knows, asked on the owner's link ('Could you get help paying?'), and how
 * a scheme's household test is judged from the answers. Shared so the owner's page can judge it in
 * the browser: the answers never leave it.
 */

export const INCOME_BANDS = [
  { id: 'under-23k', label: 'Under £23,000', minPence: 0, maxPence: 2_299_999 },
  { id: '23k-31k', label: '£23,000 to £31,000', minPence: 2_300_000, maxPence: 3_100_000 },
  { id: '31k-36k', label: '£31,001 to £36,000', minPence: 3_100_001, maxPence: 3_600_000 },
  { id: 'over-36k', label: 'Over £36,000', minPence: 3_600_001, maxPence: Number.MAX_SAFE_INTEGER },
] as const;
type IncomeBandId = (typeof INCOME_BANDS)[number]['id'];

/**
 * One way through a scheme's household test; every part must hold. `other` is a part no question
 * here can settle (an eligible postcode, a council's referral), so it leaves the answer open.
 */
export interface HouseholdRoute {
  benefit?: boolean;
  /** Gross household income at most this, in pence. */
  incomeMaxPence?: number;
  health?: boolean;
  other?: string;
}

export interface HouseholdAnswers {
  income?: IncomeBandId;
  benefit?: boolean;
  health?: boolean;
}

/** 'likely': the answers meet a route; 'unlikely': they fail every route; 'open': not enough to say. */
export type HouseholdVerdict = 'likely' | 'unlikely' | 'open';

type Tri = boolean | null;
const and = (parts: Tri[]): Tri => (parts.includes(false) ? false : parts.includes(null) ? null : true);

function incomeMeets(maxPence: number, band: IncomeBandId | undefined): Tri {
  const range = INCOME_BANDS.find((b) => b.id === band);
  if (!range) return null;
  return range.maxPence <= maxPence ? true : range.minPence > maxPence ? false : null;
}

function routeMeets(route: HouseholdRoute, answers: HouseholdAnswers): Tri {
  const parts: Tri[] = [];
  if (route.benefit) parts.push(answers.benefit ?? null);
  if (route.health) parts.push(answers.health ?? null);
  if (route.incomeMaxPence !== undefined) parts.push(incomeMeets(route.incomeMaxPence, answers.income));
  if (route.other) parts.push(null);
  return and(parts);
}

/** A scheme without a household test (null routes) is always 'likely' as far as the household goes. */
export function householdVerdict(routes: readonly HouseholdRoute[] | null, answers: HouseholdAnswers): HouseholdVerdict {
  if (routes === null) return 'likely';
  const results = routes.map((r) => routeMeets(r, answers));
  return results.includes(true) ? 'likely' : results.every((r) => r === false) ? 'unlikely' : 'open';
}
