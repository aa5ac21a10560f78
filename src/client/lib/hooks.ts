import { useDispatch, useSelector, useStore } from 'react-redux';

/**
 * The store's type, which only the composition root knows: it alone combines every feature's
 * slice. app/store.ts fills this in by declaration merging (`declare module './hooks'`), so
 * features and components get typed hooks without importing app/, which imports them.
 */
/** @public exported so that app/store.ts can merge into it */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by app/store.ts
export interface RegisteredStore {}

type AppStoreOf<R> = R extends { store: infer S extends { getState: () => unknown; dispatch: unknown } } ? S : never;
export type AppStore = AppStoreOf<RegisteredStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
