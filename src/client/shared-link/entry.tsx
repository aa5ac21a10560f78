import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { SharedApp } from './shared-app';
import { setupSharedStore } from './store';
import '../app/app.css';
import './shared.css';

/*
 * The shared-link pages' own entry (dist/public/shared.html, served for /s/*): React, the API
 * slice and these pages only. No router, session, persistence, socket or Stripe: a property
 * owner opens the link on a phone, and every kilobyte here is one they wait for.
 */
const store = setupSharedStore();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to show the report in.');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <SharedApp />
    </Provider>
  </StrictMode>,
);
