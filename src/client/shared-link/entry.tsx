import { yieldToBrowser } from '../lib/yield';
import '../lib/base.css';
import './shared.css';

/*
 * The shared-link pages' own entry (dist/public/shared.html, served for /s/*): React, the API
 * slice and these pages only. No router, session, persistence, socket or Stripe: a property
 * owner opens the link on a phone, and every kilobyte here is one they wait for.
 *
 * It starts in steps, each its own task, so that the phone stays responsive while it loads: the
 * store (Redux Toolkit and the API slice) and the page's first calls, then the pages with React,
 * then the first render. The "eager" imports make no chunk of their own; their modules are only
 * evaluated where they are awaited (within the task that awaits them).
 */
async function start(root: HTMLElement): Promise<void> {
  // The task that ran the script (and compiled it) ends here.
  await yieldToBrowser();
  const [{ setupSharedStore }, { startFirstCalls }, { parseSharedPath }] = await Promise.all([
    import(/* webpackMode: "eager" */ './store'),
    import(/* webpackMode: "eager" */ './first-calls'),
    import(/* webpackMode: "eager" */ './location'),
  ]);
  await yieldToBrowser();
  const store = setupSharedStore();
  // The page's data is on its way while React loads (first-calls.ts).
  startFirstCalls(store, parseSharedPath(window.location.pathname), window.location.search);
  await yieldToBrowser();
  const { renderSharedApp } = await import(/* webpackMode: "eager" */ './render-shared-app');
  await yieldToBrowser();
  renderSharedApp(root, store);
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to show the report in.');
void start(root);
