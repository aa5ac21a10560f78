import { useId, useState } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import { PORTFOLIO_DROP_MAX } from '../../../shared/api/portfolios';
import { errorMessage } from '../../lib/errors';
import { useAppDispatch } from '../../lib/hooks';
import { uploadFile } from '../../lib/upload-file';
import { useAddPortfolioSurveyMutation } from './api';
import { FileDropZone } from '../../components/file-drop-zone';
import './portfolios.css';

/** Files on their way at once: enough to keep the line busy, few enough not to starve the page's own calls. */
const IN_FLIGHT_MAX = 3;

const NOT_XML = 'Only survey files ending in .xml can be added.';
const TOO_MANY = `You can add up to ${PORTFOLIO_DROP_MAX} files at a time; the first ${PORTFOLIO_DROP_MAX} were taken.`;

type Stage = 'waiting' | 'sending' | 'checking' | 'adding' | 'added' | 'refused';

interface DroppedFile {
  key: string;
  name: string;
  stage: Stage;
  /** 0-100 while the bytes are sent. */
  percent: number;
  /** The survey check's word on an added file, or why the file was refused. */
  message: string;
}

const STAGE_TEXT: Record<Stage, string> = {
  waiting: 'Waiting',
  sending: 'Uploading',
  checking: 'Checking',
  adding: 'Adding',
  added: 'Added',
  refused: 'Not added',
};

/** Runs tasks at most `limit` at a time, in the order they came; tasks given later join the line. */
function taskLine(limit: number) {
  const waiting: (() => Promise<void>)[] = [];
  let running = 0;
  const next = () => {
    while (running < limit && waiting.length > 0) {
      const task = waiting.shift()!;
      running += 1;
      void task().finally(() => {
        running -= 1;
        next();
      });
    }
  };
  return (task: () => Promise<void>) => {
    waiting.push(task);
    next();
  };
}

/**
 * Survey files dropped onto a portfolio: each is uploaded and checked as the Create Report
 * wizard's file A is (the same upload, PUT and follow-up calls), then becomes a Preliminary
 * report and a home of the portfolio. A refused file says why beside its name while the rest go on.
 */
export function SurveyDrop({ portfolioId, disabled = false }: { portfolioId: number; disabled?: boolean }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [addSurvey] = useAddPortfolioSurveyMutation();
  const [files, setFiles] = useState<DroppedFile[]>([]);
  const [capped, setCapped] = useState(false);
  const [line] = useState(() => taskLine(IN_FLIGHT_MAX));

  const update = (key: string, change: Partial<DroppedFile>) =>
    setFiles((all) => all.map((file) => (file.key === key ? { ...file, ...change } : file)));

  const send = async (key: string, file: File) => {
    if (!/\.xml$/i.test(file.name)) {
      update(key, { stage: 'refused', message: NOT_XML });
      return;
    }
    update(key, { stage: 'sending' });
    const uploaded = await uploadFile(
      dispatch,
      file,
      { extension: 'xml', which: 'A' },
      { percent: (percent) => update(key, { percent }), checking: () => update(key, { stage: 'checking' }) },
    );
    if (!uploaded.ok) {
      update(key, { stage: 'refused', message: uploaded.message });
      return;
    }
    update(key, { stage: 'adding', message: uploaded.checked.message });
    // One key per file, made here and kept for its retry, so a lost answer never makes two reports.
    const added = await addSurvey({
      body: { portfolio_id: portfolioId, xml1_key: uploaded.filename, original_filename: file.name },
      idempotencyKey: nanoid(),
    });
    if (added.error) update(key, { stage: 'refused', message: errorMessage(added.error) });
    else update(key, { stage: 'added' });
  };

  const take = (chosen: File[]) => {
    setCapped(chosen.length > PORTFOLIO_DROP_MAX);
    const taken = chosen.slice(0, PORTFOLIO_DROP_MAX).map((file) => ({ key: nanoid(), file }));
    setFiles((all) => [
      ...all,
      ...taken.map(({ key, file }) => ({ key, name: file.name, stage: 'waiting' as const, percent: 0, message: '' })),
    ]);
    for (const { key, file } of taken) line(() => send(key, file));
  };

  const count = (stage: Stage) => files.filter((file) => file.stage === stage).length;
  const added = count('added');
  const refused = count('refused');
  const left = files.length - added - refused;

  return (
    <section className="portfolios-add" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Drop survey files</h3>
      <FileDropZone
        multiple
        label="Survey XML files"
        hint={`Drop up to ${PORTFOLIO_DROP_MAX} lodged survey XML files here. Each becomes a Preliminary report in this portfolio's branding and a home of the portfolio.`}
        chooseLabel="Choose survey files"
        accept=".xml,text/xml,application/xml"
        disabled={disabled}
        onFiles={take}
      />
      {capped ? (
        <p className="portfolios-drop-capped" role="alert">
          {TOO_MANY}
        </p>
      ) : null}
      {files.length > 0 ? (
        <>
          <p className="portfolios-drop-tally" role="status">
            {added} added, {refused} not added{left > 0 ? `, ${left} to go` : ''}.
          </p>
          <ul className="portfolios-drop-files" aria-label="Survey files">
            {files.map((file) => (
              <li key={file.key} className={`portfolios-drop-file portfolios-drop-${file.stage}`}>
                <span className="portfolios-drop-name">{file.name}</span>
                <span className="portfolios-drop-stage">{STAGE_TEXT[file.stage]}</span>
                {file.stage === 'sending' ? <progress max={100} value={file.percent} aria-label={`Uploading ${file.name}`} /> : null}
                {file.message ? <span className="portfolios-drop-message">{file.message}</span> : null}
              </li>
            ))}
          </ul>
          {left === 0 ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setFiles([]);
                setCapped(false);
              }}
            >
              Clear the list
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
