import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { devToolsOptions } from '../lib/redact';

/**
 * The shared-link pages' store: the API cache alone. No session, persistence or socket: a
 * property owner has no login, and those modules would only make a phone download more.
 */
export function setupSharedStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
    devTools: devToolsOptions,
  });
}

export type SharedStore = ReturnType<typeof setupSharedStore>;
