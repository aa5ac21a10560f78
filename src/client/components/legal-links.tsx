import { marketingUrl } from '../app/marketing';

/** Privacy policy and terms, on the marketing site: the footer and the side navigation both show them. */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <ul className={className}>
      <li>
        <a href={marketingUrl('privacyPolicy')}>Privacy policy</a>
      </li>
      <li>
        <a href={marketingUrl('terms')}>Terms and conditions</a>
      </li>
    </ul>
  );
}
