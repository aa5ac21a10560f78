import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PrepareRouteContext, type PrepareRoute } from '../lib/page-prefetch';
import type { AppStore } from './store';
import type { createAppRouter } from './routes';

/**
 * Renders the app into the page. A transition: React renders the first screen in slices of a few
 * milliseconds between which the browser stays responsive, rather than in one long task.
 */
export function renderApp(
  root: HTMLElement,
  store: AppStore,
  router: ReturnType<typeof createAppRouter>,
  prepareRoute: PrepareRoute,
): void {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Provider store={store}>
          <PrepareRouteContext.Provider value={prepareRoute}>
            <RouterProvider router={router} />
          </PrepareRouteContext.Provider>
        </Provider>
      </StrictMode>,
    ),
  );
}
