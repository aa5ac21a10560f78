import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { SharedApp } from './shared-app';
import type { SharedStore } from './store';

/** Renders the shared-link pages. A transition: the first render runs in slices of a few milliseconds, not one long task. */
export function renderSharedApp(root: HTMLElement, store: SharedStore): void {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Provider store={store}>
          <SharedApp />
        </Provider>
      </StrictMode>,
    ),
  );
}
