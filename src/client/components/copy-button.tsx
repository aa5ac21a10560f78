import { useEffect, useState } from 'react';
import './copy-button.css';

/** Puts text on the clipboard; browsers without the async clipboard (plain http) use the old copy command. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, insecure origin): fall through to the old way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = typeof document.execCommand === 'function' && document.execCommand('copy');
  area.remove();
  return done;
}

interface Props {
  text: string;
  /** What the button says, e.g. 'Copy link'. */
  label?: string;
  /** The accessible name when the label alone is ambiguous (a copy button on every row of a list). */
  ariaLabel?: string;
  className?: string;
}

/** A button that copies text and says so for a moment. */
export function CopyButton({ text, label = 'Copy', ariaLabel, className = 'secondary' }: Props) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!result) return undefined;
    const timer = setTimeout(() => setResult(null), 2500);
    return () => clearTimeout(timer);
  }, [result]);
  return (
    <span className="copy-button">
      <button
        type="button"
        className={className}
        aria-label={ariaLabel}
        onClick={() => void copyText(text).then((copied) => setResult(copied ? 'copied' : 'failed'))}
      >
        {label}
      </button>
      <span role="status" className="copy-result">
        {result === 'copied' ? 'Copied' : result === 'failed' ? 'Press Ctrl+C to copy' : ''}
      </span>
    </span>
  );
}
