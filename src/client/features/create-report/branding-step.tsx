import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Branding } from '../../../shared/api/brandings';
import { InlineAlert } from '../../components/inline-alert';
import { Spinner } from '../../components/spinner';
import { useAppSelector } from '../../lib/hooks';
import { useBrandingList } from '../settings';
import './branding-step.css';
import { LoadError } from '../../components/load-error';

function BrandingCard({
  branding,
  chosen,
  disabled,
  onPick,
}: {
  branding: Branding;
  chosen: boolean;
  disabled: boolean;
  onPick: () => void;
}) {
  return (
    <li>
      <button type="button" className="branding-card choice-card" aria-pressed={chosen} disabled={disabled} onClick={onPick}>
        <span className="branding-swatch" style={{ background: branding.colour }} aria-hidden="true" />
        {/* The company name beside it names the card; the logo itself is decoration here. */}
        {branding.image_url ? <img src={branding.image_url} alt="" className="branding-logo" /> : null}
        <span className="branding-name">{branding.company_name}</span>
      </button>
    </li>
  );
}

interface Props {
  /** Called with the picked branding: creates a Preliminary report, or goes on to payment. */
  onPick: (brandingId: string) => void;
  /** A report is being created: the cards wait. */
  creating: boolean;
  /** Why the last pick did not create the report, shown under the cards. */
  error?: string | null;
}

/** The user's brandings as cards; picking one finishes a Preliminary report at once. */
export function BrandingStep({ onPick, creating, error = null }: Props) {
  const { brandings, isLoading, isError, refetch } = useBrandingList();
  const { reportType, brandingId } = useAppSelector((state) => state.wizard);
  const id = useId();

  return (
    <section className="wizard-step panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Branding</h2>
      <p>
        Pick the branding for this report.
        {reportType === 'preliminary' ? ' Your Preliminary Report is created as soon as you pick one.' : ''} Add or change brandings under{' '}
        <Link to="/settings">Branding</Link>.
      </p>
      {isLoading ? <Spinner label="Loading your brandings" /> : null}
      {isError ? <LoadError what="your brandings" onRetry={() => void refetch()} /> : null}
      {brandings ? (
        <ul className="branding-cards">
          {brandings.map((branding) => (
            <BrandingCard
              key={branding.id}
              branding={branding}
              chosen={brandingId === branding.id}
              disabled={creating}
              onPick={() => onPick(branding.id)}
            />
          ))}
        </ul>
      ) : null}
      <InlineAlert message={error} />
      {creating ? <Spinner label="Creating your report" /> : null}
    </section>
  );
}
