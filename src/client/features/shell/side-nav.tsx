import { useEffect, useId, useRef, useState } from 'react';
import { QueryStatus } from '@reduxjs/toolkit/query';
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

  // Once the page has its data and the browser is idle: the likeliest next pages' chunks and data
  // (the others' come on hover or focus). Not before: a dozen chunks asked for at once would
  // queue the page's own requests behind them (six connections a host) and their compiling would
  // hold up its render.
  const prepareRoute = usePrepareRoute();
  const likelyKey = entries
    .filter((entry) => entry.likelyNext)
    .map((entry) => entry.to)
    .join(' ');
  const settled = useAppSelector((state) => !Object.values(state.api.queries).some((query) => query?.status === QueryStatus.pending));
  const preparedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!settled || preparedFor.current === likelyKey) return undefined;
    return whenIdle(() => {
      preparedFor.current = likelyKey;
      for (const to of likelyKey.split(' ')) prepareRoute(to);
    });
  }, [prepareRoute, likelyKey, settled]);

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
