import { isAllowedRole } from '../../../shared/constants';
import type { AppDispatch, RootState } from '../../lib/hooks';
import { httpStatus } from '../../lib/errors';
import { sessionApi } from './api';
import { endSession } from './end-session';
import { loggedIn, loggedOut, sessionChecked } from './session-slice';

/**
 * The check under way in each store, keyed by the store's getState (one function per store):
 * whoever asks while one is out (the app's start, the first render's route) shares its answer
 * rather than pinging again.
 */
const underWay = new WeakMap<() => RootState, Promise<void>>();

/** The check the app's start made for its first page, which that page's first render takes as its own, once. */
const startedFor = new WeakMap<() => RootState, { pathname: string; answer: Promise<void> }>();

/**
 * Asks the server who is logged in. An ended session, or a role this app does not serve, logs
 * the user out; an unreachable or failing server keeps what we know rather than log people out on
 * a bad network. Either way the session is then `checked`, which the logged-in routes wait for.
 */
export const checkSession = (forPathname?: string) => (dispatch: AppDispatch, getState: () => RootState) => {
  const started = startedFor.get(getState);
  if (started && forPathname === started.pathname) {
    startedFor.delete(getState);
    return started.answer;
  }
  const running = underWay.get(getState);
  if (running) return running;
  const check = (async () => {
    const before = getState().session;
    const result = await dispatch(sessionApi.endpoints.ping.initiate(undefined, { track: false }));
    // A login or logout while the ping was out is newer news than the ping's answer.
    if (getState().session.loggedIn !== before.loggedIn) return;
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
      dispatch(sessionChecked());
    }
  })().finally(() => underWay.delete(getState));
  underWay.set(getState, check);
  return check;
};

/** The check a logged-in page's load starts before the app renders, beside the page's own calls. */
export const checkSessionAtStart = (pathname: string) => (dispatch: AppDispatch, getState: () => RootState) => {
  const answer = dispatch(checkSession());
  startedFor.set(getState, { pathname, answer });
  return answer;
};
