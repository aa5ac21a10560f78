/**
 * Leaving the page for a PDF, in one place: jsdom cannot navigate, so tests replace these, and
 * the pages never touch window.location directly.
 */
export const browser = {
  /** Replaces the shared page in the history, so Back returns to the message that was there before it. */
  replace(url: string): void {
    window.location.replace(url);
  },
};
