import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../components/spinner';

/** A script chunk that did not arrive (offline, a deploy replaced it, the 120 s time-out passed). */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    options?: { cause?: unknown },
  ) {
    super(`The "${chunk}" part of the app failed to load. Check your connection and reload the page.`, options);
    this.name = 'ChunkLoadError';
  }
}

/**
 * A page loaded as its own chunk. Call it as
 * `lazyPage('account', () => import(/* webpackChunkName: "account" *\/ '../features/account/account-page'))`:
 * webpack reads the chunk name only from a comment written inside the import() itself, so the same
 * name is given twice, and a test checks that they agree. A failed load becomes an error that names
 * the chunk, which the route's error element shows.
 */
export function lazyPage(chunk: string, load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(() =>
    load().catch((cause: unknown) => {
      throw new ChunkLoadError(chunk, { cause });
    }),
  );
  function LazyPage() {
    return (
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `LazyPage(${chunk})`;
  return LazyPage;
}
