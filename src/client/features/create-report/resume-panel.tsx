import { useId } from 'react';
import type { reportInProgress } from './wizard-slice';

interface Props {
  report: NonNullable<ReturnType<typeof reportInProgress>>;
  onContinue: () => void;
  onStartNew: () => void;
}

/** Back at Create Report with a report half made: name it, and let the user pick it up or start over. */
export function ResumePanel({ report, onContinue, onStartNew }: Props) {
  const id = useId();
  return (
    <section className="wizard-step resume-panel panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>You have a report in progress</h2>
      {report.address ? (
        <p>
          For <strong>{report.address}</strong>, from the survey file <strong>{report.file}</strong>.
        </p>
      ) : (
        <p>
          From the survey file <strong>{report.file}</strong>.
        </p>
      )}
      {report.found ? <p className="muted">{report.found}</p> : null}
      <div className="wizard-actions">
        <button type="button" className="primary" onClick={onContinue}>
          Continue
        </button>
        <button type="button" className="secondary" onClick={onStartNew}>
          Start a new report
        </button>
      </div>
    </section>
  );
}
