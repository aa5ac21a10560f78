import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../components/dialog';

export interface ContactDetails {
  email: string;
  name: string;
  phone: string;
  newsletter: boolean;
}

export const EMPTY_DETAILS: ContactDetails = { email: '', name: '', phone: '', newsletter: false };

interface Props {
  initial: ContactDetails;
  busy: boolean;
  onSend: (details: ContactDetails) => void;
  onCancel: () => void;
}

/** How the chosen contractors reach the owner: email required, the rest optional. */
export function ContractorDetailsDialog({ initial, busy, onSend, onCancel }: Props) {
  const [details, setDetails] = useState(initial);
  const [missingEmail, setMissingEmail] = useState(false);
  const set = (patch: Partial<ContactDetails>) => setDetails((d) => ({ ...d, ...patch }));
  // Checked here as well as by `required`: the Send button sits outside the form, in the dialog's actions.
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!details.email.trim()) {
      setMissingEmail(true);
      return;
    }
    onSend(details);
  };
  return (
    <ConfirmDialog
      title="Your contact details"
      confirmLabel={busy ? 'Sending...' : 'Send request'}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => submit()}
    >
      <form id="contractor-details" className="shared-form" onSubmit={submit}>
        <label>
          Email
          <input
            type="email"
            required
            autoComplete="email"
            aria-invalid={missingEmail}
            value={details.email}
            onChange={(e) => set({ email: e.target.value })}
          />
        </label>
        {missingEmail && <p className="shared-error">Please enter your email address.</p>}
        <label>
          Name (optional)
          <input autoComplete="name" value={details.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label>
          Phone (optional)
          <input type="tel" autoComplete="tel" value={details.phone} onChange={(e) => set({ phone: e.target.value })} />
        </label>
        <label className="shared-check">
          <input type="checkbox" checked={details.newsletter} onChange={(e) => set({ newsletter: e.target.checked })} />
          Send me energy saving news and offers
        </label>
      </form>
    </ConfirmDialog>
  );
}
