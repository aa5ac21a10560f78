/**
 * Ends the current task, so that the browser can paint and answer a tap before the next step runs.
 * Starting the app in a few short tasks rather than one long one is what keeps a phone responsive
 * while it loads (Lighthouse counts every task over 50 ms against Total Blocking Time).
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `task` once the browser has nothing more pressing to do (a short while after the page is up
 * where requestIdleCallback is missing, as in Safari). Answers a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
