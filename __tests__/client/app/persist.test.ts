import { waitFor } from '@testing-library/react';
import { setupStore } from '../../../src/client/app/store';
import { loggedIn, loggedOut, sectionVisited } from '../../../src/client/features/session/session-slice';
import { silentSocket } from '../helpers/render';

async function freshStore() {
  const { store, persistor } = setupStore({ socket: silentSocket });
  await waitFor(() => expect(persistor!.getState().bootstrapped).toBe(true));
  return { store, persistor: persistor! };
}

describe('what survives a reload', () => {
  it('keeps the session, its first-login visits, the Create Report wizard and the finalise drafts, but not the server confirmation or any API data', async () => {
    const first = await freshStore();
    first.store.dispatch(loggedIn({ role: 'ra', name: 'Ann Smith' }));
    first.store.dispatch(sectionVisited('reports'));
    await first.persistor.flush();

    const stored = JSON.parse(localStorage.getItem('persist:epcplus') ?? '{}') as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'finaliseDrafts', 'session', 'wizard']);
    expect(JSON.parse(stored.session)).not.toHaveProperty('checked');

    const reloaded = await freshStore();
    expect(reloaded.store.getState().session).toEqual({
      loggedIn: true,
      role: 'ra',
      name: 'Ann Smith',
      checked: false,
      visited: { reports: true },
    });
  });

  it('forgets the visits on logout, so the next user of the browser gets their own badges', async () => {
    const { store } = await freshStore();
    store.dispatch(loggedIn({ role: 'ra', name: 'Ann Smith' }));
    store.dispatch(sectionVisited('premium'));
    store.dispatch(loggedOut());
    expect(store.getState().session.visited).toEqual({});
  });
});
