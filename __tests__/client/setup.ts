import '@testing-library/jest-dom';
import { server } from './helpers/msw';

// Every test's network goes through msw; a call without a handler is a test bug, so it fails loudly.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
