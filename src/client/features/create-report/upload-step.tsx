import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { FileDropZone } from '../../components/file-drop-zone';
import { UploadProgress } from '../../components/upload-progress';
import { uploadSurveyFile } from './upload-survey-file';
import { uploadReset, type FileUpload, type SurveyFile } from './wizard-slice';
import './upload-step.css';

const TEXT: Record<SurveyFile, { title: string; explained: string; label: string; choose: string }> = {
  A: {
    title: 'LIG: the lodged EPC XML',
    explained: 'LIG is the lodged EPC XML file your assessment software produces for the EPC register.',
    label: 'Lodged EPC XML file',
    choose: 'Choose the LIG file',
  },
  B: {
    title: 'RdSAP: the Elmhurst survey XML',
    explained: 'RdSAP is the full survey XML from your scheme’s software (Elmhurst), for the same property.',
    label: 'RdSAP survey XML file',
    choose: 'Choose the RdSAP file',
  },
};

/**
 * What the survey check found that the report settles its own way, under the file's message. A
 * polite status, so a screen reader reads it once it appears; it never blocks Next.
 */
function SurveyWarnings({ warnings, id }: { warnings: NonNullable<FileUpload['warnings']>; id: string }) {
  const one = warnings.length === 1;
  return (
    <div className="upload-warnings" role="status" aria-labelledby={id}>
      <p id={id}>
        Please check {one ? 'one thing' : `${warnings.length} things`} in this file. You can go on: the report deals with{' '}
        {one ? 'it' : 'them'} as said here.
      </p>
      <ul>
        {warnings.map((w, index) => (
          <li key={`${w.rule}-${index}`}>{w.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The LIG and RdSAP steps: one survey file each, dropped or chosen, uploaded, checked, then Next. */
export function UploadStep({ which, onNext }: { which: SurveyFile; onNext: () => void }) {
  const dispatch = useAppDispatch();
  const file = useAppSelector((state) => state.wizard.files[which]);
  const id = useId();
  const busy = file.state === 'progress' || file.state === 'checking';
  const text = TEXT[which];

  return (
    <section className="wizard-step panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.title}</h2>
      <p>{text.explained}</p>
      <FileDropZone
        label={text.label}
        hint={
          file.state === 'success'
            ? 'Drop another .xml file here, or choose one, to use it instead.'
            : 'Drop the .xml file here, or choose it from your computer.'
        }
        chooseLabel={file.state === 'success' ? 'Choose another file' : text.choose}
        accept=".xml,text/xml,application/xml"
        disabled={busy}
        onFile={(chosen) => void dispatch(uploadSurveyFile(which, chosen))}
      />
      <UploadProgress
        state={file.state}
        percent={file.percent}
        filename={file.originalName}
        message={file.message}
        onReset={() => dispatch(uploadReset(which))}
      />
      {file.state === 'success' && file.warnings && file.warnings.length > 0 ? (
        <SurveyWarnings warnings={file.warnings} id={`${id}-warnings`} />
      ) : null}
      <div className="wizard-actions">
        <button type="button" className="primary" disabled={file.state !== 'success'} onClick={onNext}>
          Next
        </button>
      </div>
    </section>
  );
}
