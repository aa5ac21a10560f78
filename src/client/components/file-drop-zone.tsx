import { useId, useState, type ReactNode } from 'react';
import './file-drop-zone.css';

interface Props {
  /** What the box asks for; it also names the box for screen readers. */
  hint: ReactNode;
  /** The button that opens the file chooser. */
  chooseLabel: string;
  /** A visible name for the file above the box, when the page has several uploads or needs one. */
  label?: string;
  accept: string;
  /** While a file is on its way: nothing can be dropped or chosen. */
  disabled?: boolean;
  onFile: (file: File) => void;
}

/**
 * Where a file comes in: dropped from the desktop, or picked with the file chooser. Shared by
 * the branding logo and the Create Report survey files, so both look and behave alike.
 */
export function FileDropZone({ hint, chooseLabel, label, accept, disabled = false, onFile }: Props) {
  const id = useId();
  const [over, setOver] = useState(false);
  const classes = ['file-drop', over && !disabled ? 'file-drop-over' : '', disabled ? 'file-drop-disabled' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={classes}
      role="group"
      aria-labelledby={`${id}-hint`}
      aria-disabled={disabled || undefined}
      onDragOver={(event) => {
        // Without this the browser opens the dropped file instead of handing it to the page.
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files?.[0];
        if (file && !disabled) onFile(file);
      }}
    >
      {label ? (
        <label htmlFor={id} className="file-drop-label">
          {label}
        </label>
      ) : null}
      <p id={`${id}-hint`}>{hint}</p>
      <input
        id={id}
        type="file"
        className="file-drop-input"
        accept={accept}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again after a Reset still starts an upload.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className="button secondary file-drop-choose">
        {chooseLabel}
      </label>
    </div>
  );
}
