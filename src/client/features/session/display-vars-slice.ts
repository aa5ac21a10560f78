import { createSlice } from '@reduxjs/toolkit';
import { sessionApi } from './api';
import { loggedOut } from './session-slice';

/** What the shell shows about the user between pages: real name, pending count, scheme, login count, credits. */
export interface DisplayVarsState {
  loaded: boolean;
  name: string;
  /** Pending (paid, not yet finalised) premium reports. */
  prc: number;
  scheme: string | null;
  /** Login count: 1 on a first login. */
  lc: number;
  /** Premium credits left. */
  pcc: number;
}

const initialState: DisplayVarsState = { loaded: false, name: '', prc: 0, scheme: null, lc: 0, pcc: 0 };

export const displayVarsSlice = createSlice({
  name: 'displayVars',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addMatcher(sessionApi.endpoints.displayVars.matchFulfilled, (_state, { payload }) => ({
        loaded: true,
        name: payload.name,
        prc: payload.prc,
        scheme: payload.scheme,
        lc: payload.lc,
        pcc: payload.pcc,
      }));
  },
});
