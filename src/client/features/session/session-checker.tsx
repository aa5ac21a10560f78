import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { SESSION_PING_MS } from '../../../shared/constants';
import { useAppDispatch, useAppSelector, useAppStore } from '../../lib/hooks';
import { checkSession } from './check-session';
import { sessionChecked } from './session-slice';
import { isSessionRequired } from './route-guards';

/**
 * Checks the session (checkSession) when the app starts, on every route change and every 30 s
 * while logged in. A visitor the stored session says is logged out is asked about only on a
 * logged-in page (a live cookie still gets them in): on the login page, sign-up or a shared link
 * the server could only answer 401, and that call would delay the page and fill the console with
 * an error.
 */
export function SessionChecker() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { pathname } = useLocation();
  const sessionRequired = useMatches().some((match) => isSessionRequired(match.handle));
  const isLoggedIn = useAppSelector((state) => state.session.loggedIn);

  useEffect(() => {
    const session = store.getState().session;
    if (session.loggedIn || sessionRequired) void dispatch(checkSession(pathname));
    else if (!session.checked) dispatch(sessionChecked());
  }, [dispatch, store, pathname, sessionRequired]);

  useEffect(() => {
    if (!isLoggedIn) return undefined;
    const timer = setInterval(() => void dispatch(checkSession()), SESSION_PING_MS);
    return () => clearInterval(timer);
  }, [dispatch, isLoggedIn]);

  return null;
}
