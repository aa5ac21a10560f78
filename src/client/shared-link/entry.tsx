import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { yieldToBrowser } from '../app/yield';
import '../app/app.css';
import './shared.css';

/*
 * The shared-link pages' own entry (dist/public/shared.html, served for /s/*): React, the API
 * slice and these pages only. No router, session, persistence, socket or Stripe: a property
 * owner opens the link on a phone, and every kilobyte here is one they wait for.
 *
 * It starts in steps, each its own task, so that the phone stays responsive while it loads: the
 * store (Redux Toolkit and the API slice), then the pages, then the first render. The "eager"
 * imports make no chunk of their own; their modules are only evaluated where they are awaited.
 */
async function start(root: HTMLElement): Promise<void> {
  const { setupSharedStore } = await import(/* webpackMode: "eager" */ './store');
  await yieldToBrowser();
  const store = setupSharedStore();
  const { SharedApp } = await import(/* webpackMode: "eager" */ './shared-app');
  await yieldToBrowser();
  // A transition: the first render runs in slices of a few milliseconds, not one long task.
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

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to show the report in.');
void start(root);
