import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './helpers/msw';

// findBy*/waitFor wait on DOM changes, not on a clock; the timeout only says when to give up. One
// second (the default) is too short for a render on a 2-core machine busy with other suites.
configure({ asyncUtilTimeout: 10_000 });

// Every test's network goes through msw; a call without a handler is a test bug, so it fails loudly.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
