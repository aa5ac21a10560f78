import './inline-alert.css';

/**
 * Why what the user just pressed did not happen, in the page beside the control that did it: a
 * browser dialog would stop the page until dismissed, and could not be read again after.
 */
export function InlineAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="inline-alert" role="alert">
      {message}
    </p>
  );
}
