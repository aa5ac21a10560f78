import { LEGAL_PATHS } from '../../shared/links';

/** The privacy policy and terms the operator published, served as plain pages; the footer and the side navigation both show them. */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <ul className={className}>
      <li>
        <a href={LEGAL_PATHS.privacy}>Privacy policy</a>
      </li>
      <li>
        <a href={LEGAL_PATHS.terms}>Terms and conditions</a>
      </li>
    </ul>
  );
}
