import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { persistReducer, persistStore, FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { api } from './api';
import { sessionSlice } from '../features/session/session-slice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [sessionSlice.name]: sessionSlice.reducer,
});
export type RootState = ReturnType<typeof rootReducer>;

/** Only the session survives a reload; the API cache is never persisted (it is refetched and pushed). */
const persisted = persistReducer(
  { key: 'epcplus', version: 1, storage, whitelist: [sessionSlice.name] },
  rootReducer,
);

export function setupStore(options: { preloadedState?: Partial<RootState>; persist?: boolean } = {}) {
  const reducer = options.persist === false ? rootReducer : (persisted as unknown as typeof rootReducer);
  const store = configureStore({
    reducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own actions carry functions; they are not app state.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
  const persistor = options.persist === false ? null : persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof setupStore>['store'];
export type AppDispatch = AppStore['dispatch'];
