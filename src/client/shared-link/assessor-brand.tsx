import type { CSSProperties } from 'react';
import type { AssessorCard } from '../../shared/api/sharing';

/** The name the owner knows the assessor by: the report branding's company, or the assessor's own name. */
export const assessorDisplayName = (a: AssessorCard) => a.company_name || a.name || 'Your assessor';

/** The branding colour as the page's accent; only a '#rrggbb' value is used, anything else keeps ours. */
function brandStyle(a: AssessorCard | undefined): CSSProperties | undefined {
  return a?.colour && /^#[0-9a-fA-F]{6}$/.test(a.colour) ? ({ '--assessor-colour': a.colour } as CSSProperties) : undefined;
}

/** The top of every owner page: the assessor's logo, or their company's name, in their colour. */
export function AssessorHeader({ assessor }: { assessor: AssessorCard }) {
  const name = assessorDisplayName(assessor);
  return (
    <header className="shared-brand" style={brandStyle(assessor)}>
      {assessor.logo_url ? (
        <img className="shared-brand-logo" src={assessor.logo_url} alt={name} />
      ) : (
        <p className="shared-brand-name">{name}</p>
      )}
    </header>
  );
}

/** How to reach the assessor: what they gave in My Account, each as a link a phone can act on. */
export function AssessorContact({ assessor }: { assessor: AssessorCard }) {
  const company = assessor.company_name && assessor.company_name !== assessor.name ? assessor.company_name : '';
  return (
    <address className="shared-contact" aria-label="Your assessor's contact details">
      {assessor.name && <strong>{assessor.name}</strong>}
      {company && <span>{company}</span>}
      {assessor.phone && (
        <span>
          Phone: <a href={`tel:${assessor.phone.replace(/\s/g, '')}`}>{assessor.phone}</a>
        </span>
      )}
      {assessor.email && (
        <span>
          Email: <a href={`mailto:${assessor.email}`}>{assessor.email}</a>
        </span>
      )}
    </address>
  );
}

/** The assessor's card from sharedreport's 404, present when the link's report id was real. */
export function assessorFromError(error: unknown): AssessorCard | undefined {
  const data = error && typeof error === 'object' && 'data' in error ? error.data : undefined;
  if (!data || typeof data !== 'object' || !('assessor' in data)) return undefined;
  const card = data.assessor;
  return card && typeof card === 'object' && typeof (card as AssessorCard).name === 'string' ? (card as AssessorCard) : undefined;
}
