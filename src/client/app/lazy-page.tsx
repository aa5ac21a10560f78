import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../components/spinner';
import type { AppDispatch } from '../lib/hooks';
import type { PagePrefetch } from '../lib/page-prefetch';

/** A script chunk that did not arrive (offline, a deploy replaced it, the 120 s time-out passed). */
class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    options?: { cause?: unknown },
  ) {
    super(`The "${chunk}" part of the app failed to load. Check your connection and reload the page.`, options);
    this.name = 'ChunkLoadError';
  }
}

type PageModule = { default: ComponentType };

/** Every page's loader, so all can be fetched ahead of their first visit. */
const loaders: (() => Promise<PageModule>)[] = [];

/**
 * Loads every page made with lazyPage so far. Tests call it before rendering the app, so that a
 * page appears when its route renders rather than after a chunk compiles on a busy machine; the
 * app could call it when idle. A page that fails to load here fails again, with its message,
 * when it is visited.
 */
export async function preloadPages(): Promise<void> {
  await Promise.allSettled(loaders.map((load) => load()));
}

/** A page's chunk and first data, asked for ahead of its render. */
export type PreparePage = (dispatch: AppDispatch, url: URL) => void;

/**
 * A page loaded as its own chunk. Call it as
 * `lazyPage('account', () => import(/* webpackChunkName: "account" *\/ '../features/account/account-page'))`:
 * webpack reads the chunk name only from a comment written inside the import() itself, so the same
 * name is given twice, and a test checks that they agree. A failed load becomes an error that names
 * the chunk, which the route's error element shows. Once loaded, the page renders at once.
 * `prefetch`, where given, starts the calls the page shows first (see `prepare`).
 */
export function lazyPage(chunk: string, load: () => Promise<PageModule>, prefetch?: PagePrefetch) {
  let pending: Promise<PageModule> | null = null;
  let loaded: PageModule | null = null;
  const loadOnce = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (cause: unknown) => {
        throw new ChunkLoadError(chunk, { cause });
      },
    ));
  loaders.push(loadOnce);
  const Page = lazy(loadOnce);
  function LazyPage() {
    if (loaded) {
      const Loaded = loaded.default;
      return <Loaded />;
    }
    return (
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `LazyPage(${chunk})`;
  /**
   * Fetches the chunk and starts the page's first calls, together rather than one after the
   * other. A chunk that fails here is not reported: the visit itself tries again and says what
   * failed (a call that fails is kept as failed, and the page's own query asks again).
   */
  const prepare: PreparePage = (dispatch, url) => {
    loadOnce().catch(() => undefined);
    prefetch?.(dispatch, url);
  };
  return Object.assign(LazyPage, { prepare });
}
