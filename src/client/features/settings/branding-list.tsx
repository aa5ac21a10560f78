import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Branding } from '../../../shared/api/brandings';
import { errorMessage } from '../../lib/errors';
import { ConfirmDialog } from '../../components/dialog';
import { useNotify } from '../../components/notice';
import { useSaveBrandingMutation } from './api';

function BrandingRow({ branding, onDelete }: { branding: Branding; onDelete: () => void }) {
  const name = branding.company_name;
  return (
    <li className="branding-row">
      <span className="branding-row-swatch" style={{ background: branding.colour }} title={branding.colour} aria-hidden="true" />
      <span className="branding-row-logo">
        {branding.image_url ? <img src={branding.image_url} alt={`${name} logo`} /> : <span className="branding-row-nologo">No logo</span>}
      </span>
      <span className="branding-row-name">
        {name}
        {branding.ro ? <span className="branding-row-badge">Default</span> : null}
      </span>
      {/* The built-in branding is read-only, so it has neither button. */}
      {branding.ro ? null : (
        <span className="branding-row-actions">
          <Link className="button secondary" to={`/branding/${encodeURIComponent(branding.id)}`} aria-label={`Edit ${name}`}>
            Edit
          </Link>
          <button type="button" className="secondary danger" onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </button>
        </span>
      )}
    </li>
  );
}

/** The user's brandings in the server's order (default first, then by name), each editable but the default. */
export function BrandingList({ brandings }: { brandings: Branding[] }) {
  const [deleting, setDeleting] = useState<Branding | null>(null);
  const [save, { isLoading }] = useSaveBrandingMutation();
  const notify = useNotify();

  const confirmDelete = async () => {
    if (!deleting) return;
    // The list is reloaded on success; the notice says which it was.
    const result = await save({ action: 'delete', id: deleting.id });
    setDeleting(null);
    notify(result.error ? `Branding not deleted: ${errorMessage(result.error)}` : 'Branding deleted', { failed: Boolean(result.error) });
  };

  return (
    <>
      <ul className="branding-list" aria-label="Your brandings">
        {brandings.map((branding) => (
          <BrandingRow key={branding.id} branding={branding} onDelete={() => setDeleting(branding)} />
        ))}
      </ul>
      {deleting ? (
        <ConfirmDialog
          title="Confirm delete branding"
          confirmLabel="OK"
          danger
          busy={isLoading}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>
            Delete the branding <strong>{deleting.company_name}</strong>? New reports can no longer use it.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
