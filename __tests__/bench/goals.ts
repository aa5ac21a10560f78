/** A goal of issue 14 as this run measured it. */
export interface GoalResult {
  figure: string;
  /** The goal as the issue states it: '>= 30 % of hello', '<= 150 ms'. */
  goal: string;
  /** What this run measured, in the goal's unit. */
  measured: string;
  met: boolean;
}

const results: GoalResult[] = [];

/** Sections record each goal where they print its figure; the bench lists them all at its end. */
export function recordGoal(result: GoalResult): void {
  results.push(result);
}

/**
 * The goals of the sections run, met or not, on this machine: the figures above, gathered so a
 * run can be compared with the table in docs/performance.md at a glance. Prints nothing when no section had one.
 */
export function printGoals(): void {
  if (!results.length) return;
  const met = results.filter((r) => r.met).length;
  console.log(`\n== Goals on this machine: ${met} of ${results.length} met`);
  const width = Math.max(...results.map((r) => r.figure.length));
  for (const r of results) console.log(`${r.met ? 'met    ' : 'not met'}  ${r.figure.padEnd(width)}  ${r.measured} (goal ${r.goal})`);
}
