import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, type RouteObject } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { setupStore, type RootState } from '../../../src/client/app/store';
import { appRoutes, prepareRoute, startPageLoad } from '../../../src/client/app/routes';
import { PrepareRouteContext } from '../../../src/client/lib/page-prefetch';
import type { PushSocket, SocketFactory } from '../../../src/client/app/socket';
import { preloadPages } from '../../../src/client/app/lazy-page';

// A test file that renders the app loads every page first, so finding a page waits on its render,
// never on a chunk compiling on a busy machine (what made these tests fail beside other work).
beforeAll(() => preloadPages(), 120_000);

interface Options {
  /** The address the page is opened at, with navigation state if it needs one. */
  route?: string | { pathname: string; state?: unknown };
  /** The route pattern the page is mounted under, when it reads params. */
  path?: string;
  preloadedState?: Partial<RootState>;
  /** Other routes to mount beside the page, to see where it navigates. */
  otherRoutes?: Record<string, ReactElement>;
  /** The push connection a logged-in store opens; by default one that never delivers anything. */
  socket?: SocketFactory;
}

/** A push connection that stays silent, so tests never open a real socket. */
export const silentSocket: SocketFactory = (): Promise<PushSocket> =>
  Promise.resolve({
    on: () => undefined,
    disconnect: () => undefined,
    io: { on: () => undefined },
  });

/** A page with a fresh real store and router, as a person would open it. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { store } = setupStore({ preloadedState: options.preloadedState, persist: false, socket: options.socket ?? silentSocket });
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

/**
 * The whole app as a person opens it at an address: the real routes (lazy pages, guards, shell,
 * session check) in memory. `router.state.location` tells where it went.
 */
export function renderApp(
  options: Pick<Options, 'route' | 'preloadedState' | 'socket'> & {
    routes?: RouteObject[];
    /**
     * Fetch ahead as the app in a browser does: the opened page's chunks, first calls and session
     * check before it renders, and what the menu asks for on idle, hover and focus. Off by default, so a test
     * answers only the calls of the page it opens.
     */
    prepareRoutes?: boolean;
  } = {},
) {
  // jsdom does not scroll; the router restores scroll positions and the login page scrolls to the top.
  window.scrollTo = () => undefined;
  const { store } = setupStore({ preloadedState: options.preloadedState, persist: false, socket: options.socket ?? silentSocket });
  const route = options.route ?? '/';
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [route] });
  const user = userEvent.setup();
  const prepare = options.prepareRoutes ? (href: string) => prepareRoute(store.dispatch, href) : () => undefined;
  if (options.prepareRoutes) startPageLoad(store.dispatch, typeof route === 'string' ? route : route.pathname);
  const result = render(
    <Provider store={store}>
      <PrepareRouteContext.Provider value={prepare}>
        <RouterProvider router={router} />
      </PrepareRouteContext.Provider>
    </Provider>,
  );
  return { store, user, router, ...result };
}

/** A place other routes render to, so a test can see where a page went. */
export const Landing = ({ name }: { name: string }) => <h1>landed on {name}</h1>;
