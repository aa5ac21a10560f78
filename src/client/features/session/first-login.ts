import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { FIRST_LOGIN_SECTIONS, sectionVisited, type FirstLoginSection } from './session-slice';

/** Whether a section still carries its first-login badge: login count 1 and not yet opened. */
export function useFirstLoginBadge(section: FirstLoginSection | undefined): boolean {
  const firstLogin = useAppSelector((state) => state.displayVars.lc === 1);
  const visited = useAppSelector((state) => (section ? state.session.visited[section] === true : true));
  return firstLogin && !visited;
}

/** Marks a first-login section as seen once the user has it on screen, which clears its badge. */
export function useFirstLoginVisits(shown: boolean) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!shown) return;
    const section = FIRST_LOGIN_SECTIONS.find((s) => pathname === `/${s}` || pathname.startsWith(`/${s}/`));
    if (section) dispatch(sectionVisited(section));
  }, [dispatch, pathname, shown]);
}
