import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { setupStore, type RootState } from '../../../src/client/app/store';

interface Options {
  /** The address the page is opened at, with navigation state if it needs one. */
  route?: string | { pathname: string; state?: unknown };
  /** The route pattern the page is mounted under, when it reads params. */
  path?: string;
  preloadedState?: Partial<RootState>;
  /** Other routes to mount beside the page, to see where it navigates. */
  otherRoutes?: Record<string, ReactElement>;
}

/** A page with a fresh real store and router, as a person would open it. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { store } = setupStore({ preloadedState: options.preloadedState, persist: false });
  const route = options.route ?? '/';
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={options.path ?? (typeof route === 'string' ? route : route.pathname)} element={ui} />
          {Object.entries(options.otherRoutes ?? {}).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, user, ...result };
}

/** A place other routes render to, so a test can see where a page went. */
export const Landing = ({ name }: { name: string }) => <h1>landed on {name}</h1>;
