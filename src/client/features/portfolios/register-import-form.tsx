import { useId, useState, type FormEvent } from 'react';
import { REGISTER_FILE_MAX_BYTES, type ImportProblem } from '../../../shared/api/portfolios';
import { InlineAlert } from '../../components/inline-alert';
import { useNotify } from '../../components/notice';
import { useAppDispatch } from '../../lib/hooks';
import { importFromRegister, portfolioChanged, type RegisterImportResult } from './api';
import './portfolios.css';

type Which = ImportProblem['file'];

const FILE_NAMES: Record<Which, string> = { certificates: 'certificates.csv', recommendations: 'recommendations.csv' };
const MAX_MB = Math.round(REGISTER_FILE_MAX_BYTES / (1024 * 1024));

/** Why a chosen file cannot be sent, before it is: missing, or larger than the server takes. */
function refusalOf(which: Which, file: File | null): string | null {
  if (!file) return `Please choose the ${which} file (${FILE_NAMES[which]}).`;
  if (file.size > REGISTER_FILE_MAX_BYTES) return `${file.name} is larger than ${MAX_MB} MB, the most one import takes.`;
  return null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ImportResult({ result }: { result: RegisterImportResult }) {
  const more = result.problem_count - result.problems.length;
  return (
    <div className="portfolios-import-result" role="status">
      <p>
        {plural(result.homes, 'home', 'homes')} added from {plural(result.rows, 'certificate row', 'certificate rows')}.
        {result.problem_count > 0 ? ` ${plural(result.problem_count, 'line was', 'lines were')} not imported.` : ''}
      </p>
      {result.problems.length > 0 ? (
        <ul className="portfolios-import-problems" aria-label="Lines not imported">
          {result.problems.map((problem) => (
            <li key={`${problem.file}-${problem.line}`}>
              {FILE_NAMES[problem.file]} line {problem.line}: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      {more > 0 ? <p>…and {plural(more, 'more line', 'more lines')} not imported.</p> : null}
    </div>
  );
}

/**
 * "Import from the EPC register": the register's bulk download for the landlord's homes, its
 * certificates.csv and recommendations.csv (https://epc.opendatacommunities.org/docs/guidance),
 * each address's newest certificate becoming a home with its own recommendations.
 */
export function RegisterImportForm({ portfolioId, disabled = false }: { portfolioId: number; disabled?: boolean }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [files, setFiles] = useState<Record<Which, File | null>>({ certificates: null, recommendations: null });
  const [refusals, setRefusals] = useState<Partial<Record<Which, string>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<RegisterImportResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = {
      certificates: refusalOf('certificates', files.certificates) ?? undefined,
      recommendations: refusalOf('recommendations', files.recommendations) ?? undefined,
    };
    setRefusals(found);
    setFailure(null);
    if (found.certificates || found.recommendations || !files.certificates || !files.recommendations) return;
    setSending(true);
    setResult(null);
    const outcome = await importFromRegister(portfolioId, files.certificates, files.recommendations);
    setSending(false);
    if (!outcome.ok) {
      setFailure(outcome.message);
      return;
    }
    setResult(outcome.result);
    dispatch(portfolioChanged(portfolioId));
    if (outcome.result.homes > 0) notify(plural(outcome.result.homes, 'home imported', 'homes imported'));
  };

  const fileInput = (which: Which, label: string) => (
    <div className={['form-field', refusals[which] ? 'invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={`${id}-${which}`}>{label}</label>
      <input
        id={`${id}-${which}`}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled || sending}
        aria-invalid={refusals[which] ? true : undefined}
        aria-describedby={refusals[which] ? `${id}-${which}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          setFiles((before) => ({ ...before, [which]: file }));
          setRefusals((before) => ({ ...before, [which]: undefined }));
        }}
      />
      {refusals[which] ? (
        <p id={`${id}-${which}-error`} className="form-error">
          {refusals[which]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="portfolios-add" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Import from the EPC register</h3>
      <p className="portfolios-muted">
        Download the landlord&apos;s certificates from the{' '}
        <a href="https://epc.opendatacommunities.org/" target="_blank" rel="noreferrer">
          EPC register
        </a>{' '}
        and choose its two files. Each address&apos;s newest certificate becomes a home, with the certificate&apos;s own recommendations.
      </p>
      <form className="portfolios-import" onSubmit={(event) => void submit(event)} noValidate>
        {fileInput('certificates', 'Certificates (certificates.csv)')}
        {fileInput('recommendations', 'Recommendations (recommendations.csv)')}
        <button type="submit" className="primary" disabled={disabled || sending}>
          {sending ? 'Importing...' : 'Import'}
        </button>
      </form>
      <InlineAlert message={failure} />
      {result ? <ImportResult result={result} /> : null}
    </section>
  );
}
