import * as operations from '../shared/api/operations';
import type { Deps } from './deps';
import { databaseAnswersWithin } from './platform/db/database';
import { pingDatabase } from './platform/db/repo';
import { HttpError } from './platform/http/http-error';
import type { Routes } from './platform/http/route';
import { threadPoolSaturated } from './platform/observability/thread-pool-probe';
import { lowDiskSpace } from './platform/storage/free-space';
import { missingPoliciesWarning, policiesPublished, policiesStatus } from './messages/policies';

/** /api/health: the liveness check, the process answers and reaches its database. */
export function healthRoute(routes: Routes, deps: Deps): void {
  routes.publicCall(operations.health, async () => {
    try {
      await pingDatabase(deps.db);
    } catch {
      throw new HttpError(503, 'The database is not reachable.');
    }
    return { success: true as const, database: 'ok' as const };
  });
}

/**
 * /api/ready: a load balancer sends this process traffic only while its database, Redis and file
 * storage answer, and stops as soon as it is shutting down. /api/health stays the liveness check.
 */
export function readinessRoute(routes: Routes, deps: Deps, isClosing: () => boolean): void {
  routes.publicCall(operations.ready, async () => {
    if (isClosing()) throw new HttpError(503, 'This process is shutting down.');
    // First: the file storage checks below wait for the same threads. A full logo queue is not
    // reported: one account could then take the process out of service.
    if (await threadPoolSaturated()) throw new HttpError(503, "The server's worker threads are saturated.");
    const logos = deps.logos.problem();
    if (logos) throw new HttpError(503, logos);
    const reach = async <T>(what: string, check: () => Promise<T>): Promise<T> => {
      try {
        return await check();
      } catch {
        throw new HttpError(503, `The ${what} is not reachable.`);
      }
    };
    // A load balancer waits a second or two for an answer; a database that has not answered by then is as good as away.
    await reach('database', () => databaseAnswersWithin(deps.db, 1500));
    // Fails at once while Redis is known down, else within its client's command timeout (0.5 s).
    const redis = await reach('Redis server', () => deps.realtime.ping());
    await reach('file storage', () => deps.storage.ping());
    const lowSpace = await reach('file storage', () => lowDiskSpace(deps.config));
    if (lowSpace) throw new HttpError(503, lowSpace);
    // Reported, never failed on: a missing policy is the operator's to fix, not a reason to take the process out of service.
    const policies = await reach('database', () => policiesStatus(deps.db));
    const policyWarning = missingPoliciesWarning(policies);
    return {
      success: true as const,
      database: 'ok' as const,
      redis,
      storage: 'ok' as const,
      policies: policiesPublished(policies),
      warnings: policyWarning ? [policyWarning] : [],
    };
  });
}
