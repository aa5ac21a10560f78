import { PRODUCT_NAME } from '../../shared/constants';
import { marketingUrl } from '../lib/marketing';
import { LegalLinks } from './legal-links';
import './footer.css';

function FooterLogo() {
  return (
    <svg className="footer-logo" viewBox="0 0 160 40" role="img" aria-label={`${PRODUCT_NAME} logo`}>
      <path d="M4 20 L20 6 L36 20 V36 H4 Z" fill="#fff" />
      <rect x="14" y="24" width="12" height="12" fill="#2360b1" />
      <text x="44" y="28" fill="#fff" fontSize="20" fontWeight="800" fontFamily="sans-serif">
        EPC<tspan fill="#8fd18f">plus</tspan>
      </text>
    </svg>
  );
}

/** The public pages' footer: the logo (to the marketing site, or the app's own start) and the legal pages. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <a href={marketingUrl('home') ?? '/'}>
          <FooterLogo />
        </a>
        <nav aria-label="Legal">
          <LegalLinks />
        </nav>
        <p className="site-footer-copy">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
