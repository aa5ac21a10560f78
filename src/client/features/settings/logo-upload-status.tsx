import type { LogoUpload } from './use-logo-upload';

/** A new logo's upload as the user sees it: each stage in words, then a tick or a cross with Reset. */
export function LogoUploadStatus({ upload, onReset }: { upload: Exclude<LogoUpload, { stage: 'idle' }>; onReset: () => void }) {
  return (
    <div className={`logo-status logo-status-${upload.stage}`} role="status" aria-live="polite">
      {upload.stage === 'starting' ? <p>Starting upload...</p> : null}
      {upload.stage === 'sending' && upload.percent < 100 ? (
        <>
          <p>
            Uploading {upload.name}: {upload.percent}%
          </p>
          <progress max={100} value={upload.percent} aria-label={`Uploading ${upload.name}`} />
        </>
      ) : null}
      {upload.stage === 'sending' && upload.percent >= 100 ? <p>Sending file...</p> : null}
      {upload.stage === 'uploaded' ? (
        <div className="logo-status-row">
          {upload.preview ? <img src={upload.preview} alt="The new logo" className="logo-preview" /> : null}
          <div>
            <p>
              <span className="logo-mark" aria-hidden="true">
                ✓
              </span>{' '}
              Uploaded {upload.name}
            </p>
            {upload.message ? <p className="logo-message">{upload.message}</p> : null}
          </div>
        </div>
      ) : null}
      {upload.stage === 'failed' ? (
        <>
          <p>
            <span className="logo-mark" aria-hidden="true">
              ✗
            </span>{' '}
            Failed {upload.name}
          </p>
          <p className="logo-error">{upload.error}</p>
        </>
      ) : null}
      {upload.stage === 'uploaded' || upload.stage === 'failed' ? (
        <button type="button" className="secondary" onClick={onReset}>
          Reset
        </button>
      ) : null}
    </div>
  );
}
