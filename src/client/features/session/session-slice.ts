import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '../../../shared/constants';

/** Sections that carry a '1' badge on a first login until they have been opened. */
export const FIRST_LOGIN_SECTIONS = ['reports', 'premium'] as const;
export type FirstLoginSection = (typeof FIRST_LOGIN_SECTIONS)[number];

export interface SessionState {
  loggedIn: boolean;
  role: Role | null;
  name: string;
  /** Set once the first ping of this page load has answered, so routes can wait for it (never persisted). */
  checked: boolean;
  /**
   * First-login sections already opened. Kept here rather than in a slice of its own because it
   * belongs to one session exactly: it must survive a reload (so a badge does not come back) and
   * must be forgotten on logout (so the next user of this browser gets their own badges), which is
   * what this slice's persistence and its loggedOut reset already do.
   */
  visited: Partial<Record<FirstLoginSection, true>>;
}

const initialState: SessionState = { loggedIn: false, role: null, name: '', checked: false, visited: {} };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ role: Role; name: string }>) {
      state.loggedIn = true;
      state.role = action.payload.role;
      state.name = action.payload.name;
      state.checked = true;
    },
    loggedOut() {
      return { ...initialState, checked: true };
    },
    /** The check answered without changing who is logged in (or could not reach the server). */
    sessionChecked(state) {
      state.checked = true;
    },
    sectionVisited(state, action: PayloadAction<FirstLoginSection>) {
      state.visited[action.payload] = true;
    },
  },
});

export const { loggedIn, loggedOut, sessionChecked, sectionVisited } = sessionSlice.actions;
