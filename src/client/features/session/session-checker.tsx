import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { isAllowedRole, SESSION_PING_MS } from '../../../shared/constants';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { httpStatus } from '../../lib/errors';
import { sessionApi } from './api';
import { endSession } from './end-session';
import { loggedIn, loggedOut, sessionChecked } from './session-slice';
import { isSessionRequired } from './route-guards';

/**
 * Asks the server who is logged in: when the app starts, on every route change and every 30 s
 * while logged in. An ended session, or a role this app does not serve, logs the user out here.
 * A visitor the stored session says is logged out is asked about only on a logged-in page (a
 * live cookie still gets them in): on the login page, sign-up or a shared link the server could
 * only answer 401, and that call would delay the page and fill the console with an error.
 */
export function SessionChecker() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const sessionRequired = useMatches().some((match) => isSessionRequired(match.handle));
  const session = useAppSelector((state) => state.session);
  const sessionRef = useRef(session);
  // Kept current after each render, for the checks in flight to compare against.
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);
  const inFlight = useRef(false);

  const check = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const before = sessionRef.current;
    try {
      const result = await dispatch(sessionApi.endpoints.ping.initiate(undefined, { track: false }));
      // A login or logout while the ping was out is newer news than the ping's answer.
      if (sessionRef.current.loggedIn !== before.loggedIn) return;
      if ('data' in result && result.data) {
        const { role, display_username } = result.data;
        if (!isAllowedRole(role)) {
          await dispatch(endSession({ tellServer: true }));
        } else if (!before.loggedIn || before.role !== role) {
          dispatch(loggedIn({ role, name: before.name || display_username }));
        } else {
          dispatch(sessionChecked());
        }
        return;
      }
      const status = httpStatus(result.error);
      if (status === 401 || status === 403) {
        if (before.loggedIn) await dispatch(endSession({ tellServer: true }));
        else dispatch(loggedOut());
      } else {
        // Server unreachable or failing: keep what we know rather than log people out on a bad network.
        dispatch(sessionChecked());
      }
    } finally {
      inFlight.current = false;
    }
  }, [dispatch]);

  useEffect(() => {
    if (sessionRef.current.loggedIn || sessionRequired) void check();
    else if (!sessionRef.current.checked) dispatch(sessionChecked());
  }, [check, dispatch, pathname, sessionRequired]);

  useEffect(() => {
    if (!session.loggedIn) return undefined;
    const timer = setInterval(() => void check(), SESSION_PING_MS);
    return () => clearInterval(timer);
  }, [check, session.loggedIn]);

  return null;
}
