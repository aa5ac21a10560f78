import { SCHEMES } from '../../../shared/constants';
import { SCHEME_LABELS } from './labels';

const PARTNERS = SCHEMES.filter((s) => s !== 'other').map((s) => SCHEME_LABELS[s]);

/** Marks of the accreditation schemes whose assessors can register; text marks stand in for artwork. */
export function PartnerBanner() {
  return (
    <section className="partner-banner" aria-labelledby="partners-heading">
      <h2 id="partners-heading">For assessors accredited with</h2>
      <ul>
        {PARTNERS.map((name) => (
          <li key={name} className="partner-mark">
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}
