import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { AppStore } from './store';
import type { createAppRouter } from './routes';

/**
 * Renders the app into the page. A transition: React renders the first screen in slices of a few
 * milliseconds between which the browser stays responsive, rather than in one long task.
 */
export function renderApp(root: HTMLElement, store: AppStore, router: ReturnType<typeof createAppRouter>): void {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    ),
  );
}
