import { http, HttpResponse } from 'msw';
import type { RootState } from '../../../src/client/app/store';
import type { DisplayVarsState } from '../../../src/client/features/session/display-vars-slice';
import type { SessionState } from '../../../src/client/features/session/session-slice';
import { API_ORIGIN } from '../../../src/client/lib/api';
import { checkMessages } from '../../../src/shared/api/messages';
import { displayVars } from '../../../src/shared/api/account';
import { logout, ping } from '../../../src/shared/api/access';
import type { ResponseOf } from '../../../src/shared/api/define';
import { answer, fail } from './msw';

/** A session the server has confirmed during this page load. */
export function signedIn(overrides: Partial<SessionState> = {}): Partial<RootState> {
  return {
    session: { loggedIn: true, role: 'surveyor', name: 'Ann Smith', checked: true, visited: {}, ...overrides },
  };
}

export function displayVarsOf(
  overrides: Partial<Omit<DisplayVarsState, 'loaded'>> & { card_payments?: boolean; stripe_pk?: string | null } = {},
): ResponseOf<typeof displayVars> {
  // A server without card payment has no publishable key to give.
  const stripePk = overrides.card_payments === false ? null : 'pk_test_app';
  return {
    success: true,
    name: 'Ann Smith',
    prc: 0,
    scheme: 'elmhurst',
    lc: 5,
    pcc: 0,
    card_payments: true,
    stripe_pk: stripePk,
    ...overrides,
  };
}

export const noMessages: ResponseOf<typeof checkMessages> = {
  success: true,
  type: 'NONE',
  terms: [],
  updated_at: null,
  message: null,
};

/** Counts of the session calls a test made. */
export interface SessionCalls {
  pings: number;
  logouts: number;
}

/**
 * What the logged-in shell calls on every page: ping, display vars, messages and logout,
 * answering as a logged-in surveyor unless told otherwise.
 */
export function shellHandlers(
  options: { vars?: ResponseOf<typeof displayVars>; messages?: ResponseOf<typeof checkMessages>; loggedIn?: boolean } = {},
) {
  const calls: SessionCalls = { pings: 0, logouts: 0 };
  const handlers = [
    answer(ping, () => {
      calls.pings += 1;
      // Like the server: after a logout the session is gone.
      if (options.loggedIn === false || calls.logouts > 0) return fail(401, 'Please log in.');
      return { success: true as const, role: 'surveyor' as const, display_username: 'Ann Smith' };
    }),
    answer(logout, () => {
      calls.logouts += 1;
      return { success: true as const };
    }),
    answer(displayVars, () => options.vars ?? displayVarsOf()),
    answer(checkMessages, () => options.messages ?? noMessages),
  ];
  return { calls, handlers };
}

/** A ping answered with a role this app does not serve (the contract itself would refuse it). */
export const pingAsRole = (role: string) =>
  http.post(`${API_ORIGIN}${ping.path}`, () => HttpResponse.json({ success: true, role, display_username: 'Someone' }));
