import { useId } from 'react';
import { FileDropZone } from '../../components/file-drop-zone';
import { LOGO_ACCEPT } from './logo-file';
import { LogoUploadStatus } from './logo-upload-status';
import type { LogoUpload } from './use-logo-upload';

export type LogoChoiceValue = 'none' | 'existing' | 'new';

interface Props {
  choice: LogoChoiceValue;
  onChoice: (choice: LogoChoiceValue) => void;
  /** The branding's current logo, when it has one: only then is keeping it offered. */
  existing?: { url: string | false };
  upload: LogoUpload;
  onFile: (file: File) => void;
  onReset: () => void;
}

/** No logo, the logo the branding has, or a new one uploaded here. */
export function LogoChoice({ choice, onChoice, existing, upload, onFile, onReset }: Props) {
  const name = useId();
  const option = (value: LogoChoiceValue, label: string) => (
    <label className="logo-option">
      <input type="radio" name={name} value={value} checked={choice === value} onChange={() => onChoice(value)} />
      {label}
    </label>
  );
  return (
    <fieldset className="logo-choice">
      <legend>Logo</legend>
      {option('none', 'No logo')}
      {existing ? (
        <div className="logo-existing">
          {option('existing', 'Keep the existing logo')}
          {existing.url ? <img src={existing.url} alt="The existing logo" className="logo-preview" /> : null}
        </div>
      ) : null}
      {option('new', 'Upload a new logo')}
      {choice === 'new' ? (
        <div className="logo-new">
          {upload.stage === 'idle' ? (
            <FileDropZone
              hint="Drop your logo here or choose the file: .jpg .png .svg .bmp or .gif, 1MB or smaller."
              chooseLabel="Choose logo file"
              accept={LOGO_ACCEPT}
              onFile={onFile}
            />
          ) : (
            <LogoUploadStatus upload={upload} onReset={onReset} />
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
