import type { Redis } from 'ioredis';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
// The plugin's own stores: the Redis one (a Lua script per count) and the in-memory one it uses without Redis.
import LocalStore from '@fastify/rate-limit/store/LocalStore';
import RedisStore from '@fastify/rate-limit/store/RedisStore';

type Counted = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** The store interface @fastify/rate-limit calls: a count per key, and a store of its own for each route's limit. */
interface Store {
  incr(key: string, counted: Counted, timeWindow: number, max: number): void;
  child(routeOptions: StoreOptions): Store;
}

interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method: string; url: string };
}

/**
 * Counts in the shared Redis and, while Redis is known to be down (its client not connected) or
 * whenever a count there fails, in this process's memory instead: the limits hold per process
 * meanwhile rather than lapse, and no request waits on a Redis that is away. (The plugin's own
 * skipOnError lets every request through while Redis is away: login guessing unlimited.)
 */
export function redisStoreWithMemoryFallback(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class RedisWithMemoryFallback implements Store {
    readonly #shared: Store;
    readonly #local: Store;

    constructor(options: StoreOptions, shared?: Store, local?: Store) {
      this.#shared = shared ?? (new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace) as Store);
      this.#local = local ?? (new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache) as Store);
    }

    incr(key: string, counted: Counted, timeWindow: number, max: number): void {
      if (redis.status !== 'ready') return this.#local.incr(key, counted, timeWindow, max);
      this.#shared.incr(
        key,
        (err, result) => (err || !result ? this.#local.incr(key, counted, timeWindow, max) : counted(null, result)),
        timeWindow,
        max,
      );
    }

    child(routeOptions: StoreOptions): Store {
      return new RedisWithMemoryFallback(routeOptions, this.#shared.child(routeOptions), this.#local.child(routeOptions));
    }
  }
  // The plugin calls incr with the window and limit too (its index.js), which its published types leave out.
  return RedisWithMemoryFallback as unknown as FastifyRateLimitStoreCtor;
}
