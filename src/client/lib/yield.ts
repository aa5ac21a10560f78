/**
 * Ends the current task, so that the browser can paint and answer a tap before the next step runs.
 * Starting the app in a few short tasks rather than one long one is what keeps a phone responsive
 * while it loads (Lighthouse counts every task over 50 ms against Total Blocking Time).
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
