import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EMAIL_MAX } from '../../../shared/constants';
import { FormField } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { useNotify } from '../../components/notice';
import { Spinner } from '../../components/spinner';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { useSubmissionKey } from '../../lib/idempotent-call';
import { useBrandingList } from '../settings';
import { useCreatePortfolioMutation } from './api';
import './portfolios.css';

/** The contract's cap on the name, client and company (portfolioFields); the server says so too. */
const TEXT_MAX = 100;

/**
 * New portfolio (/portfolios/new): who the portfolio is for and whose branding its link wears.
 * The server checks every field and its messages show beside them; the created portfolio opens next.
 */
export default function CreatePortfolioPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const submission = useSubmissionKey();
  const [create, { isLoading, error }] = useCreatePortfolioMutation();
  const { brandings, isLoading: brandingsLoading, isError: brandingsFailed, refetch } = useBrandingList();
  const [name, setName] = useState('');
  const [clientName, setClientName] = useState('');
  const [clientEmail, setClientEmail] = useState('');
  const [clientCompany, setClientCompany] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  // The server lists the default branding first: a new portfolio wears it until another is picked.
  const brandingId = picked ?? brandings?.[0]?.id ?? '';

  const errors = fieldErrors(error);
  const hasFieldErrors = Object.keys(errors).length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const result = await create(
      submission.keyed({
        name,
        client_name: clientName,
        client_email: clientEmail,
        client_company: clientCompany,
        branding_id: brandingId,
      }),
    );
    if (result.error) return;
    submission.succeeded();
    const path = `/portfolios/${result.data.portfolio_id}`;
    notify('Portfolio created', { path });
    void navigate(path);
  };

  return (
    <div className="portfolios-page create-portfolios-page">
      <h1>New portfolio</h1>
      <p className="portfolios-intro">
        A portfolio gathers a landlord&apos;s homes and shows each one&apos;s route to band C by 2030. You add the homes once it is made.
      </p>
      <form className="portfolios-form panel" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Portfolio name" hint="For example the landlord's name or the estate's." error={errors.name}>
          {(a11y) => <input {...a11y} maxLength={TEXT_MAX} value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <FormField label="Client's name" error={errors.client_name}>
          {(a11y) => (
            <input {...a11y} autoComplete="off" maxLength={TEXT_MAX} value={clientName} onChange={(e) => setClientName(e.target.value)} />
          )}
        </FormField>
        <FormField label="Client's email" error={errors.client_email}>
          {(a11y) => (
            <input
              {...a11y}
              type="email"
              autoComplete="off"
              maxLength={EMAIL_MAX}
              value={clientEmail}
              onChange={(e) => setClientEmail(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Client's company (optional)" error={errors.client_company}>
          {(a11y) => <input {...a11y} maxLength={TEXT_MAX} value={clientCompany} onChange={(e) => setClientCompany(e.target.value)} />}
        </FormField>
        {brandingsLoading ? <Spinner label="Loading your brandings" /> : null}
        {brandingsFailed ? <LoadError what="your brandings" onRetry={() => void refetch()} /> : null}
        {brandings ? (
          <FormField
            label="Branding"
            hint={
              <>
                The shared link and the exports wear it. Add or change brandings under <Link to="/settings">Branding</Link>.
              </>
            }
            error={errors.branding_id}
          >
            {(a11y) => (
              <select {...a11y} value={brandingId} onChange={(e) => setPicked(e.target.value)}>
                {brandings.map((branding) => (
                  <option key={branding.id} value={branding.id}>
                    {branding.company_name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
        <p className="portfolios-form-status" role="status">
          {hasFieldErrors ? 'Please correct the errors above and try again.' : error ? errorMessage(error) : ''}
        </p>
        <div className="portfolios-form-buttons">
          <button type="submit" className="primary" disabled={isLoading || !brandings}>
            {isLoading ? 'Creating...' : 'Create portfolio'}
          </button>
          <Link className="button secondary" to="/portfolios">
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
