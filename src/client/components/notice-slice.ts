import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The one short confirmation on screen ('Branding saved'), if any. `path` is the page it belongs
 * to: a save that redirects names where it is going, so the notice shows there and is gone once
 * the user moves on. Not persisted: a reload is a new visit, and there is nothing to confirm.
 */
export interface Notice {
  text: string;
  path: string;
  /** Something did not happen: said the same way, marked as a failure. */
  failed?: boolean;
  /** Tells one notice from the next with the same text, so a timer ends only its own. */
  id: number;
}

export type NoticeState = Notice | null;

let lastId = 0;

export const noticeSlice = createSlice({
  name: 'notice',
  initialState: null as NoticeState,
  reducers: {
    noticeShown: {
      reducer: (_state, action: PayloadAction<Notice>) => action.payload,
      prepare: (notice: Omit<Notice, 'id'>) => ({ payload: { ...notice, id: ++lastId } }),
    },
    /** With an id, only that notice goes: a newer one stays for its full time. */
    noticeCleared: (state, action: PayloadAction<number | undefined>) =>
      action.payload === undefined || state?.id === action.payload ? null : state,
  },
});

export const { noticeShown, noticeCleared } = noticeSlice.actions;
