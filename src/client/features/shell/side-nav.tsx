import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { greetingFor } from '../../../shared/greeting';
import { useAppSelector } from '../../lib/hooks';
import { usePrepareRoute } from '../../lib/page-prefetch';
import { whenIdle } from '../../lib/yield';
import { LegalLinks } from '../../components/legal-links';
import { LogoutButton, useFirstLoginBadge } from '../session';
import { NAV_ENTRIES, type NavEntry } from './nav-entries';
import './side-nav.css';

function Badge({ count, tone }: { count: number; tone: 'alert' | 'new' }) {
  return <span className={`nav-badge nav-badge-${tone}`}>{count}</span>;
}

function NavItem({ entry, pending }: { entry: NavEntry; pending: number }) {
  const firstLoginBadge = useFirstLoginBadge(entry.firstLogin);
  const { pathname } = useLocation();
  const inSection = entry.alsoActiveUnder ? pathname.startsWith(entry.alsoActiveUnder) : false;
  const prepareRoute = usePrepareRoute();
  // A pointer on the link, a finger on it or the keyboard's focus comes a moment before the click.
  const prepare = () => prepareRoute(entry.to);
  return (
    <li>
      <NavLink
        to={entry.to}
        className={({ isActive }) => (isActive || inSection ? 'active' : undefined)}
        onMouseEnter={prepare}
        onTouchStart={prepare}
        onFocus={prepare}
      >
        <span>{entry.label}</span>
        {entry.pendingOnly ? <Badge count={pending} tone="alert" /> : null}
        {firstLoginBadge ? <Badge count={1} tone="new" /> : null}
      </NavLink>
    </li>
  );
}

/** The logged-in menu; on narrow screens (800px or less) it folds behind a button. */
export function SideNav() {
  // Open on the page where it was opened: moving to another page folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const listId = useId();
  const { pathname } = useLocation();
  // Display vars carry the name as saved on My Account; the login's copy stands in until they load.
  const name = useAppSelector((state) => state.displayVars.name || state.session.name);
  const pending = useAppSelector((state) => state.displayVars.prc);

  const open = openOn === pathname;
  const entries = NAV_ENTRIES.filter((entry) => !entry.pendingOnly || pending > 0);

  // Once the page is up and the browser idle: every menu page's chunk, and the likeliest pages' data.
  const prepareRoute = usePrepareRoute();
  const likely = entries.filter((entry) => entry.likelyNext).map((entry) => entry.to);
  const likelyKey = likely.join(' ');
  useEffect(
    () =>
      whenIdle(() => {
        for (const entry of NAV_ENTRIES) prepareRoute(entry.to, { data: likelyKey.split(' ').includes(entry.to) });
      }),
    [prepareRoute, likelyKey],
  );

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
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span aria-hidden="true" className="hamburger" />
        </button>
      </div>
      <div id={listId} className="side-nav-body">
        <ul className="side-nav-links">
          {entries.map((entry) => (
            <NavItem key={entry.to} entry={entry} pending={pending} />
          ))}
        </ul>
        <LogoutButton className="side-nav-logout" />
        <LegalLinks className="side-nav-legal" />
      </div>
    </nav>
  );
}
