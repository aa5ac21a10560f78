import { useState } from 'react';
import { Dialog } from '../components/dialog';
import { errorMessage } from '../lib/errors';
import { useContractorsQuery, useContractorsRequestMutation, type Contractor } from './api';
import { ContractorDetailsDialog, EMPTY_DETAILS, type ContactDetails } from './contractor-details-dialog';
import { sharedPaths } from './location';
import { InvalidLink, LoadingView } from './message-views';
import { ContractorsCard } from './contractors-card';

interface Props {
  reportPath: string;
  measureCode: string;
  mode: 'preliminary' | 'premium';
}

const THANKS = 'Thank you, we will be back in touch once we hear from your selected contractors.';

/** Which dialog is open: the details form, or an error that may lead back to it. */
type Open = { kind: 'none' } | { kind: 'details' } | { kind: 'error'; message: string; reopen: boolean };

export function ContractorPickerPage({ reportPath, measureCode, mode }: Props) {
  const { data, isLoading, isError } = useContractorsQuery({ report_path: reportPath, measure_code: measureCode, report_mode: mode });
  const [sendRequest, { isLoading: sending, isSuccess: sent }] = useContractorsRequestMutation();
  const [selected, setSelected] = useState<string[]>([]);
  // Kept here, not in the dialog, so a failed send reopens the form with what was typed.
  const [details, setDetails] = useState<ContactDetails>(EMPTY_DETAILS);
  const [open, setOpen] = useState<Open>({ kind: 'none' });

  if (isLoading) return <LoadingView />;
  if (isError || !data) return <InvalidLink />;

  const toggle = (key: string) => setSelected((s) => (s.includes(key) ? s.filter((k) => k !== key) : [...s, key]));
  const ask = () => setOpen(selected.length ? { kind: 'details' } : { kind: 'error', message: 'No contractors selected', reopen: false });
  const send = async (next: ContactDetails) => {
    setDetails(next);
    const result = await sendRequest({
      report_path: reportPath,
      measure_code: measureCode,
      selected_contractors: selected,
      report_mode: mode,
      ...next,
    });
    setOpen(result.error ? { kind: 'error', message: errorMessage(result.error), reopen: true } : { kind: 'none' });
  };

  return (
    <ContractorsCard
      assessor={data.assessor}
      backTo={sharedPaths.measures(reportPath)}
      backText="Back to the recommended improvements"
      title={data.measure_name}
      subtitle={data.short_title}
    >
      {sent ? (
        <p className="shared-success" role="status">
          {THANKS}
        </p>
      ) : (
        <>
          <p>Choose the contractors you would like a quote from.</p>
          <ul className="shared-contractors">
            {data.contractors.map((c) => (
              <ContractorRow key={c.key} contractor={c} checked={selected.includes(c.key)} onToggle={() => toggle(c.key)} />
            ))}
          </ul>
          <button type="button" className="primary" onClick={ask}>
            Request quotes
          </button>
        </>
      )}
      {open.kind === 'details' && (
        <ContractorDetailsDialog
          initial={details}
          busy={sending}
          onSend={(details) => void send(details)}
          onCancel={() => setOpen({ kind: 'none' })}
        />
      )}
      {open.kind === 'error' && (
        <Dialog
          title="Error"
          actions={
            <button type="button" className="primary" onClick={() => setOpen(open.reopen ? { kind: 'details' } : { kind: 'none' })}>
              OK
            </button>
          }
        >
          <p>{open.message}</p>
        </Dialog>
      )}
    </ContractorsCard>
  );
}

function ContractorRow({ contractor: c, checked, onToggle }: { contractor: Contractor; checked: boolean; onToggle: () => void }) {
  return (
    <li className="shared-contractor">
      <label>
        <input type="checkbox" checked={checked} onChange={onToggle} />
        {c.image && <img src={c.image} alt="" width="64" height="64" />}
        <span>
          <strong>{c.name}</strong>
          <small>{c.address}</small>
        </span>
      </label>
      {c.url && (
        <a href={c.url} target="_blank" rel="noopener noreferrer">
          Website
        </a>
      )}
    </li>
  );
}
