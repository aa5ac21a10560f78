import { useId, useState } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';
import { marketingSite, marketingUrl, type MarketingPage } from '../lib/marketing';
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

/**
 * The public marketing site's link bar, shown above every public page. Without a configured
 * marketing site only the name shows, leading to the app's own start: no link goes nowhere.
 */
export function TopNav() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const site = marketingSite();
  return (
    <header className="top-nav">
      <div className="top-nav-inner">
        <a className="top-nav-brand" href={marketingUrl('home', site) ?? '/'} aria-label={`${PRODUCT_NAME} home`}>
          EPC<span>plus</span>
        </a>
        {site && <MarketingMenu site={site} open={open} listId={listId} onToggle={() => setOpen((o) => !o)} />}
      </div>
    </header>
  );
}

function MarketingMenu({ site, open, listId, onToggle }: { site: string; open: boolean; listId: string; onToggle: () => void }) {
  return (
    <>
      <button type="button" className="top-nav-toggle" aria-expanded={open} aria-controls={listId} onClick={onToggle}>
        Site menu
      </button>
      <nav aria-label="Main site">
        <ul id={listId} className={open ? 'top-nav-links open' : 'top-nav-links'}>
          {LINKS.map(({ label, page }) => (
            <li key={label}>
              {/* A plain link: the bar also shows outside the app's router, and the root is a full page. */}
              <a href={page === 'app' ? '/' : (marketingUrl(page, site) ?? '/')}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
