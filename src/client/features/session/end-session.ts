import { flushSync } from 'react-dom';
import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/hooks';
import { sessionApi } from './api';
import { loggedOut } from './session-slice';

/**
 * Ends the session on this page: tells the server (unless it already said the session is gone),
 * forgets the user, and drops every cached answer so the next user of this browser sees none of it.
 */
export const endSession =
  ({ tellServer }: { tellServer: boolean }) =>
  async (dispatch: AppDispatch) => {
    if (tellServer) {
      // The user is logged out here whatever the server answers; a failed call must not keep them in.
      await dispatch(sessionApi.endpoints.logout.initiate(undefined, { track: false })).catch(() => undefined);
    }
    // The logged-in pages unmount first, so their queries do not refetch into the emptied cache.
    flushSync(() => {
      dispatch(loggedOut());
    });
    dispatch(api.util.resetApiState());
  };
