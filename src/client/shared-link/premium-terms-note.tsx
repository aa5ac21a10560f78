import { LEGAL_PATHS } from '../../shared/links';
import { marketingUrl } from '../lib/marketing';
import { usePublishedPolicies } from '../lib/published-policies';

/**
 * "By paying you agree to the terms", above Pay now: linked to the marketing site's Premium terms
 * where one is configured, else to the operator's published terms, and left out while neither
 * exists (a fresh installation), so an owner is never asked to agree to an empty page.
 */
export function PremiumTermsNote() {
  const published = usePublishedPolicies();
  const href = marketingUrl('premiumTerms') ?? (published?.terms ? LEGAL_PATHS.terms : null);
  if (!href) return null;
  return (
    <p className="shared-note">
      By paying you agree to the <a href={href}>Premium Report terms and conditions</a>.
    </p>
  );
}
