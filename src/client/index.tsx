import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { createAppRouter } from './app/routes';
import { setupStore } from './app/store';
import './app/app.css';

const { store, persistor } = setupStore();
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to show the app in.');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      {/* Routes wait for the stored session, so a reload does not flash the login page. */}
      <PersistGate loading={null} persistor={persistor!}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  </StrictMode>,
);
