import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '../../../shared/constants';

export interface SessionState {
  loggedIn: boolean;
  role: Role | null;
  name: string;
  /** Set once the first ping of this page load has answered, so routes can wait for it. */
  checked: boolean;
}

const initialState: SessionState = { loggedIn: false, role: null, name: '', checked: false };

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
  },
});

export const { loggedIn, loggedOut } = sessionSlice.actions;
