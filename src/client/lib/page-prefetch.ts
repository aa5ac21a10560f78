import { createContext, useContext } from 'react';
import type { AppDispatch } from './hooks';

/**
 * Starts the calls a page shows first, as the page itself will make them (the same endpoint and
 * the same arguments, read from the same address), so that the page finds them in the cache or
 * under way. Features export one beside their endpoints; the routes start it together with the
 * page's chunk, on a cold load, on idle and when a link to the page is hovered or focused.
 */
export type PagePrefetch = (dispatch: AppDispatch, url: URL) => void;

/** What a link may ask for ahead of a click: the page's chunk and its first data. */
export type PrepareRoute = (href: string) => void;

/** Given by the app, which knows the routes; without it (a component rendered alone) nothing is fetched ahead. */
export const PrepareRouteContext = createContext<PrepareRoute>(() => undefined);

export const usePrepareRoute = (): PrepareRoute => useContext(PrepareRouteContext);
