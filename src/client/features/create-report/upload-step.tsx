import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { UploadProgress } from '../../components/upload-progress';
import { uploadSurveyFile } from './upload-survey-file';
import { uploadReset, type SurveyFile } from './wizard-slice';

const TEXT: Record<SurveyFile, { title: string; intro: string; input: string }> = {
  A: {
    title: 'LIG: the lodged EPC XML',
    intro: 'Upload the XML file of the EPC as it was lodged on the register (the LIG file).',
    input: 'Lodged EPC XML file',
  },
  B: {
    title: 'RdSAP: the Elmhurst survey XML',
    intro: 'Upload the RdSAP survey XML that Elmhurst produced for the same property.',
    input: 'RdSAP survey XML file',
  },
};

/** The LIG and RdSAP steps: one survey file each, uploaded, checked, then Next. */
export function UploadStep({ which, onNext }: { which: SurveyFile; onNext: () => void }) {
  const dispatch = useAppDispatch();
  const file = useAppSelector((state) => state.wizard.files[which]);
  const id = useId();
  const busy = file.state === 'progress' || file.state === 'checking';
  const text = TEXT[which];

  return (
    <section className="wizard-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.title}</h2>
      <p>{text.intro}</p>
      <div className="wizard-file">
        <label htmlFor={id}>{text.input}</label>
        <input
          id={id}
          type="file"
          accept=".xml,text/xml,application/xml"
          disabled={busy}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Cleared so that choosing the same file again after a Reset still starts an upload.
            event.target.value = '';
            if (chosen) void dispatch(uploadSurveyFile(which, chosen));
          }}
        />
      </div>
      <UploadProgress
        state={file.state}
        percent={file.percent}
        filename={file.originalName}
        message={file.message}
        onReset={() => dispatch(uploadReset(which))}
      />
      <div className="wizard-actions">
        <button type="button" className="primary" disabled={file.state !== 'success'} onClick={onNext}>
          Next
        </button>
      </div>
    </section>
  );
}
