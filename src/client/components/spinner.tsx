import './spinner.css';

/** A busy indicator that screen readers announce: the label is read out and shown beside the wheel. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-wheel" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </div>
  );
}
