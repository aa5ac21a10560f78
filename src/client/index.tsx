import type { Persistor } from 'redux-persist';
import { yieldToBrowser } from './lib/yield';
import './lib/base.css';

/** Resolves once the stored session and wizard are back in the store (a few microtasks: localStorage). */
function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((done) => {
    if (persistor.getState().bootstrapped) return done();
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      done();
    });
  });
}

/*
 * The app starts in steps, each its own task, rather than in one long task a phone cannot answer
 * a tap during: the store's modules (Redux Toolkit, the API slice) and the store; then the
 * router's modules (with the login page) and the router; then React's own modules and the first
 * render. The "eager" imports make no chunk of their own: the modules are in this entry's
 * scripts, and are only evaluated where they are awaited (within the task that awaits them).
 */
async function start(root: HTMLElement): Promise<void> {
  // The task that ran the scripts (and compiled them) ends here.
  await yieldToBrowser();
  const { setupStore } = await import(/* webpackMode: "eager" */ './app/store');
  await yieldToBrowser();
  const { store, persistor } = setupStore();
  await yieldToBrowser();
  const { createAppRouter, prepareRoute, startPageLoad } = await import(/* webpackMode: "eager" */ './app/routes');
  // Routes wait for the stored session, so a reload does not flash the login page. (It is back in
  // a few microtasks: localStorage.)
  await rehydrated(persistor!);
  // What the page needs goes out now, together, while the app itself starts.
  startPageLoad(store.dispatch, window.location.href);
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  const { renderApp } = await import(/* webpackMode: "eager" */ './app/render-app');
  // The app renders once the stored session is back (above) rather than under redux-persist's
  // PersistGate, whose own switch from nothing to the app is a synchronous re-render that would
  // undo renderApp's transition.
  renderApp(root, store, router, (href) => prepareRoute(store.dispatch, href));
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to show the app in.');
void start(root);
