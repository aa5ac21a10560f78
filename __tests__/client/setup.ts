import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import type { Persistor } from 'redux-persist';
import { server } from './helpers/msw';

// findBy*/waitFor wait on DOM changes, not on a clock; the timeout only says when to give up. One
// second (the default) is too short for a render on a 2-core machine busy with other suites.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Every persisted store a test makes. A test's store outlives its test: a late answer makes
 * redux-persist write that store's state, which would land in the next test's localStorage (one
 * test then resumed another's wizard). Each is stopped and drained before the storage is cleared.
 */
const mockPersistors: Persistor[] = [];
jest.mock('redux-persist', () => {
  const actual = jest.requireActual<typeof import('redux-persist')>('redux-persist');
  return {
    ...actual,
    persistStore: (...args: Parameters<typeof actual.persistStore>) => {
      const persistor = actual.persistStore(...args);
      mockPersistors.push(persistor);
      return persistor;
    },
  };
});

// Every test's network goes through msw; a call without a handler is a test bug, so it fails loudly.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  for (const persistor of mockPersistors.splice(0)) {
    persistor.pause();
    await persistor.flush();
  }
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
