import { useId, useState } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';
import { marketingUrl, type MarketingPage } from '../app/marketing';
import './top-nav.css';

/** 'app' stands for the web app's own root rather than a marketing page. */
const LINKS: { label: string; page: MarketingPage | 'app' }[] = [
  { label: 'EPCs', page: 'epcs' },
  { label: 'Landlords', page: 'landlords' },
  { label: 'Homeowners', page: 'homeowners' },
  { label: 'Property Professionals', page: 'app' },
  { label: 'About Us', page: 'aboutUs' },
  { label: 'Contact Us', page: 'contactUs' },
  { label: 'Blog', page: 'blog' },
];

/** The public marketing site's link bar, shown above every public page. */
export function TopNav() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <header className="top-nav">
      <div className="top-nav-inner">
        <a className="top-nav-brand" href={marketingUrl('home')} aria-label={`${PRODUCT_NAME} home`}>
          EPC<span>plus</span>
        </a>
        <button type="button" className="top-nav-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          Site menu
        </button>
        <nav aria-label="Main site">
          <ul id={listId} className={open ? 'top-nav-links open' : 'top-nav-links'}>
            {LINKS.map(({ label, page }) => (
              <li key={label}>
                {/* A plain link: the bar also shows outside the app's router, and the root is a full page. */}
                <a href={page === 'app' ? '/' : marketingUrl(page)}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
