interface LoadErrorProps {
  /** What could not be loaded, as the sentence names it: "your reports". */
  what: string;
  onRetry: () => void;
}

/** A list or value that did not load: says so and offers to try again, without leaving the page. */
export function LoadError({ what, onRetry }: LoadErrorProps) {
  return (
    <p role="alert">
      We could not load {what}.{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
