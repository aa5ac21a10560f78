import * as access from '../../shared/api/access';
import type { Deps } from '../deps';
import { pingDatabase } from '../db/repo';
import { HttpError } from './http-error';
import type { Routes } from './route';

/**
 * /api/ready: a load balancer sends this process traffic only while its database, Redis and file
 * storage answer, and stops as soon as it is shutting down. /api/health stays the liveness check.
 */
export function readinessRoute(routes: Routes, deps: Deps, isClosing: () => boolean): void {
  routes.publicCall(access.ready, async () => {
    if (isClosing()) throw new HttpError(503, 'This process is shutting down.');
    const reach = async <T>(what: string, check: () => Promise<T>): Promise<T> => {
      try {
        return await check();
      } catch {
        throw new HttpError(503, `The ${what} is not reachable.`);
      }
    };
    await reach('database', () => pingDatabase(deps.db));
    const redis = await reach('Redis server', () => deps.realtime.ping());
    await reach('file storage', () => deps.storage.ping());
    return { success: true as const, database: 'ok' as const, redis, storage: 'ok' as const };
  });
}
