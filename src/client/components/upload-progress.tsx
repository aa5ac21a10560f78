import './upload-progress.css';

/** Where one file's upload is, as the upload step shows it for each file. */
export type UploadState = 'waiting' | 'progress' | 'checking' | 'success' | 'failure';

interface Props {
  state: UploadState;
  /** 0-100 while the bytes are sent. */
  percent: number;
  /** The name of the file as the user chose it. */
  filename: string;
  /** The server's word on the file: what it found, or why it refused it. */
  message: string;
  onReset: () => void;
}

/**
 * One file's upload as the user sees it. Shared by the survey files of the Create Report wizard
 * and, later, branding logos, which go through the same upload, PUT and follow-up calls.
 */
export function UploadProgress({ state, percent, filename, message, onReset }: Props) {
  return (
    <div className={`upload-progress upload-${state}`} role="status" aria-live="polite">
      {state === 'waiting' ? <p>Waiting for a file</p> : null}
      {state === 'progress' ? (
        <>
          <p>
            Uploading {filename}: {percent}%
          </p>
          <progress max={100} value={percent} aria-label={`Uploading ${filename}`} />
        </>
      ) : null}
      {state === 'checking' ? <p>Checking {filename}...</p> : null}
      {state === 'success' ? (
        <p>
          <span className="upload-mark" aria-hidden="true">
            ✓
          </span>{' '}
          Uploaded {filename}
          {message ? <span className="upload-message"> {message}</span> : null}
        </p>
      ) : null}
      {state === 'failure' ? (
        <>
          <p>
            <span className="upload-mark" aria-hidden="true">
              ✗
            </span>{' '}
            Failed {filename}
          </p>
          {message ? <p className="upload-message">{message}</p> : null}
          <button type="button" className="secondary" onClick={onReset}>
            Reset
          </button>
        </>
      ) : null}
    </div>
  );
}
