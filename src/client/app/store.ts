import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { persistReducer, persistStore, FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { api } from '../lib/api';
import { persistConfig } from './persist';
import { devToolsOptions } from '../lib/redact';
import { createSocketMiddleware, type SocketFactory } from './socket';
import { sessionSlice } from '../features/session/session-slice';
import { displayVarsSlice } from '../features/session/display-vars-slice';
import { wizardSlice } from '../features/create-report/wizard-slice';
import { finaliseDraftsSlice } from '../features/premium/finalise-draft-slice';
import { noticeSlice } from '../components/notice-slice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [sessionSlice.name]: sessionSlice.reducer,
  [displayVarsSlice.name]: displayVarsSlice.reducer,
  [wizardSlice.name]: wizardSlice.reducer,
  [finaliseDraftsSlice.name]: finaliseDraftsSlice.reducer,
  [noticeSlice.name]: noticeSlice.reducer,
});
export type RootState = ReturnType<typeof rootReducer>;

export function setupStore(
  options: {
    preloadedState?: Partial<RootState>;
    persist?: boolean;
    /** How the push connection is made; tests pass a fake. */
    socket?: SocketFactory;
  } = {},
) {
  // One persisted reducer per store: redux-persist keeps its writer in the reducer's closure, so a
  // reducer shared by two stores (a test's page reloaded in a second store) would write one
  // store's state through the other's writer.
  const reducer = options.persist === false ? rootReducer : (persistReducer(persistConfig, rootReducer) as unknown as typeof rootReducer);
  const store = configureStore({
    reducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own actions carry functions; they are not app state.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware, createSocketMiddleware(options.socket)),
    // On in production too, with secrets redacted: support replays what a user exported.
    devTools: devToolsOptions,
  });
  const persistor = options.persist === false ? null : persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof setupStore>['store'];

// Gives lib/hooks.ts this store's type, for the typed hooks everything below app/ uses.
declare module '../lib/hooks' {
  interface RegisteredStore {
    store: ReturnType<typeof setupStore>['store'];
  }
}
