import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { yieldToBrowser } from './app/yield';
import './app/app.css';

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
 * router's modules (with the login page) and the router; then the first render. The "eager"
 * imports make no chunk of their own: the modules are in this entry's scripts, and are only
 * evaluated where they are awaited.
 */
async function start(root: HTMLElement): Promise<void> {
  const { setupStore } = await import(/* webpackMode: "eager" */ './app/store');
  await yieldToBrowser();
  const { store, persistor } = setupStore();
  await yieldToBrowser();
  const { createAppRouter } = await import(/* webpackMode: "eager" */ './app/routes');
  await yieldToBrowser();
  const router = createAppRouter();
  // Routes wait for the stored session, so a reload does not flash the login page. The app renders
  // once it is back, rather than under redux-persist's PersistGate, whose own switch from nothing
  // to the app is a synchronous re-render that would undo the transition below.
  await rehydrated(persistor!);
  // A transition: React renders the first screen in slices of a few milliseconds between which the
  // browser stays responsive, rather than in one long task.
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

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to show the app in.');
void start(root);
