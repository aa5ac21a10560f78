import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from './http-error';
import { redisStoreWithMemoryFallback } from './rate-limit-store';

const inWords = (seconds: number) =>
  seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;

/**
 * Per-route limits (set on the routes that guess at secrets or send email). With REDIS_URL every
 * server process counts in the same Redis, so a client cannot multiply its allowance by the
 * number of processes; without it, and while Redis is away, each process counts in memory.
 */
export async function registerRateLimits(app: FastifyInstance, opts: { redis: Redis | null; keyPrefix?: string }): Promise<void> {
  const { redis } = opts;
  await app.register(rateLimit, {
    global: false,
    // Counting goes on in memory while Redis is away, rather than refusing everyone or no one.
    ...(redis ? { store: redisStoreWithMemoryFallback(redis, `${opts.keyPrefix ?? 'epcplus'}:rate-limit:`) } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests from your address. Please try again in ${inWords(Math.max(1, Math.ceil(context.ttl / 1000)))}.`,
      ),
  });
}
