import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

/** How long the event loop may lag before new requests are turned away rather than left waiting. */
export const MAX_EVENT_LOOP_DELAY_MS = 1000;

/** An overloaded process answers 503 at once, so a load balancer or the user can try again, instead of hanging. */
export async function registerOverloadGuard(app: FastifyInstance, maxEventLoopDelay = MAX_EVENT_LOOP_DELAY_MS): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay,
    retryAfter: 10,
    pressureHandler: (_request, reply) => {
      reply
        .status(503)
        .header('Retry-After', '10')
        .send({ success: false, error: 'The server is very busy right now. Please try again in a few seconds.' });
    },
  });
}
