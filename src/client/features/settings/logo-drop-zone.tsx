import { useId, useState } from 'react';
import { LOGO_ACCEPT } from './logo-file';

/** Where a new logo comes in: dropped from the desktop, or picked with the file chooser. */
export function LogoDropZone({ onFile }: { onFile: (file: File) => void }) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      className={over ? 'logo-drop logo-drop-over' : 'logo-drop'}
      role="group"
      aria-labelledby={`${id}-hint`}
      onDragOver={(event) => {
        // Without this the browser opens the dropped file instead of handing it to the page.
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files?.[0];
        if (file) onFile(file);
      }}
    >
      <p id={`${id}-hint`}>Drop your logo here or choose the file: .jpg .png .svg .bmp or .gif, 1MB or smaller.</p>
      <input
        id={id}
        type="file"
        className="logo-file-input"
        accept={LOGO_ACCEPT}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again after a Reset still starts an upload.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className="button secondary">
        Choose logo file
      </label>
    </div>
  );
}
