import { PRODUCT_NAME } from '../../shared/constants';
import { LEGAL_PATHS } from '../../shared/links';
import { marketingUrl } from '../lib/marketing';

/** The owner's pages belong to their assessor: the platform is a quiet line at the foot, with the legal pages. */
export function SharedFooter() {
  const home = marketingUrl('home');
  return (
    <footer className="shared-footer">
      <p>In association with {home ? <a href={home}>{PRODUCT_NAME}</a> : PRODUCT_NAME}, energy efficiency reports for UK homes.</p>
      <nav aria-label="Legal">
        <a href={LEGAL_PATHS.privacy}>Privacy policy</a>
        <a href={LEGAL_PATHS.terms}>Terms and conditions</a>
      </nav>
    </footer>
  );
}
