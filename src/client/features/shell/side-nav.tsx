import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { greetingFor } from '../../../shared/greeting';
import { useAppSelector } from '../../app/hooks';
import { marketingUrl } from '../../app/marketing';
import { LogoutButton } from '../session/logout-button';
import { NAV_ENTRIES, type NavEntry } from './nav-entries';
import './side-nav.css';

function Badge({ count, tone }: { count: number; tone: 'alert' | 'new' }) {
  return <span className={`nav-badge nav-badge-${tone}`}>{count}</span>;
}

/** The logged-in menu; on narrow screens (800px or less) it folds behind a button. */
export function SideNav() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  const vars = useAppSelector((state) => state.displayVars);
  const session = useAppSelector((state) => state.session);
  const name = vars.name || session.name;
  const firstLogin = vars.lc === 1;

  useEffect(() => setOpen(false), [pathname]);

  const badgeFor = (entry: NavEntry) => {
    if (entry.pendingOnly) return <Badge count={vars.prc} tone="alert" />;
    if (entry.firstLogin && firstLogin && !session.visited[entry.firstLogin]) return <Badge count={1} tone="new" />;
    return null;
  };

  return (
    <nav className={open ? 'side-nav open' : 'side-nav'} aria-label="App">
      <div className="side-nav-head">
        <p className="side-nav-greeting">
          {greetingFor(new Date())}
          {name ? `, ${name}` : ''}
        </p>
        <button
          type="button"
          className="side-nav-toggle"
          aria-label="App menu"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className="hamburger" />
        </button>
      </div>
      <div id={listId} className="side-nav-body">
        <ul className="side-nav-links">
          {NAV_ENTRIES.filter((entry) => !entry.pendingOnly || vars.prc > 0).map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to}>
                <span>{entry.label}</span>
                {badgeFor(entry)}
              </NavLink>
            </li>
          ))}
        </ul>
        <LogoutButton className="side-nav-logout" />
        <ul className="side-nav-legal">
          <li>
            <a href={marketingUrl('privacyPolicy')}>Privacy policy</a>
          </li>
          <li>
            <a href={marketingUrl('terms')}>Terms and conditions</a>
          </li>
        </ul>
      </div>
    </nav>
  );
}
