import { useId, useState, type ReactNode } from 'react';
import './file-drop-zone.css';

interface CommonProps {
  /** What the box asks for; it also names the box for screen readers. */
  hint: ReactNode;
  /** The button that opens the file chooser. */
  chooseLabel: string;
  /** A visible name for the file above the box, when the page has several uploads or needs one. */
  label?: string;
  accept: string;
  /** While a file is on its way: nothing can be dropped or chosen. */
  disabled?: boolean;
}

/** One file (a logo, a survey), or many at once (a portfolio's drop of surveys). */
type Props = CommonProps & ({ multiple?: false; onFile: (file: File) => void } | { multiple: true; onFiles: (files: File[]) => void });

/**
 * Where a file comes in: dropped from the desktop, or picked with the file chooser. Shared by
 * the branding logo, the Create Report survey files and a portfolio's drop, so all look and behave alike.
 */
export function FileDropZone(props: Props) {
  const { hint, chooseLabel, label, accept, disabled = false } = props;
  const id = useId();
  const take = (list: FileList | null | undefined) => {
    const files = [...(list ?? [])];
    if (files.length === 0 || disabled) return;
    if (props.multiple) props.onFiles(files);
    else props.onFile(files[0]);
  };
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
        take(event.dataTransfer.files);
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
        multiple={props.multiple}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const list = event.target.files;
          take(list);
          // Cleared so that choosing the same file again after a Reset still starts an upload.
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className="button secondary file-drop-choose">
        {chooseLabel}
      </label>
    </div>
  );
}
