import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import * as payments from '../../shared/api/payments';
import type { Deps } from '../deps';
import { badRequest } from '../platform/http/http-error';
import type { Routes } from '../platform/http/route';
import { idempotent, userScope } from '../platform/http/idempotency';
import { premiumCheckout } from './assessor-checkout';
import { fulfilPayment, recordPaymentFailure, recordRefund } from './fulfilment';
import { loadOwnerPayment, startOwnerPayment } from './owner-checkout';
import { checkPaymentStatus } from './payment-status';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
/** Stripe's events are a few KB; far more is not Stripe. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** Stripe retries in bursts after an outage; a forger gets no further than the signature check either way. */
const WEBHOOK_CALLS_PER_MINUTE = 1200;
/** Stripe's own tolerance for a signature's age: an old event replayed is refused. */
const SIGNATURE_TOLERANCE_S = 300;

export function paymentRoutes(routes: Routes, deps: Deps): void {
  // Two calls on one path, told apart by their stage: the narrower (load) first.
  routes.publicCall(payments.prepaymentLoad, ({ body, request, reply }) => loadOwnerPayment(deps, body, request, reply), {
    perMinute: 30,
  });
  routes.publicCall(payments.prepaymentPreStripe, ({ body }) => startOwnerPayment(deps, body), { perMinute: 30 });

  routes.publicCall(
    payments.checkPaymentStatus,
    async ({ body }) => ({ success: true as const, data: await checkPaymentStatus(deps, body) }),
    { perMinute: 60 },
  );

  routes.userCall(
    payments.buyPremiumCheckoutInit,
    ({ body, user, request, reply }) =>
      idempotent(deps.db, request, reply, { call: payments.buyPremiumCheckoutInit, scope: userScope(user.id), body }, (idempotency) =>
        premiumCheckout(deps, user, body, idempotency),
      ),
    { perMinute: 30 },
  );
}

/**
 * The fields of the objects we act on that our code reads first. The signature proves an event
 * came from Stripe, not that it has the shape of the API version we were written for (a test
 * event, an account on another version): one without them is refused with a sentence, not a 500.
 */
const paymentIntentShape = z.looseObject({ id: z.string(), status: z.string(), amount: z.number(), currency: z.string() });
const chargeShape = z.looseObject({ id: z.string(), refunded: z.boolean() });
const SHAPES: Partial<Record<Stripe.Event['type'], z.ZodType>> = {
  'payment_intent.succeeded': paymentIntentShape,
  'payment_intent.payment_failed': paymentIntentShape,
  'charge.refunded': chargeShape,
};
export const EVENT_WITHOUT_OBJECT = 'The event carries no object.';
export const EVENT_OBJECT_UNREADABLE = 'The event’s object is not one this server can read.';

/** Why a signed event cannot be handled, or null when it can. */
function eventProblem(event: Stripe.Event): string | null {
  const object: unknown = (event as { data?: { object?: unknown } } | null)?.data?.object;
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return EVENT_WITHOUT_OBJECT;
  const shape = SHAPES[event.type];
  return shape && !shape.safeParse(object).success ? EVENT_OBJECT_UNREADABLE : null;
}

/** What each event means to us; every other type is acknowledged and ignored. */
async function handleEvent(deps: Deps, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      await fulfilPayment(deps, event.data.object);
      return;
    case 'payment_intent.payment_failed':
      await recordPaymentFailure(deps, event.data.object);
      return;
    case 'charge.refunded':
      await recordRefund(deps, event.data.object);
      return;
    default:
      return;
  }
}

/**
 * Stripe's webhook: the signature is over the exact bytes sent, so this route reads the raw body
 * (its own JSON parser, in its own plugin scope) and verifies it with the webhook secret before
 * anything is read from it. A forged or stale event is a 400 and changes nothing.
 */
export async function registerStripeWebhook(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register((scope, _options, registered) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      STRIPE_WEBHOOK_PATH,
      { config: { rateLimit: { max: WEBHOOK_CALLS_PER_MINUTE, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const secret = deps.config.stripe.webhookSecret;
        if (!deps.stripe || !secret) throw badRequest('Card payment is not set up on this server.');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Missing Stripe signature.');
        let event: Stripe.Event;
        try {
          event = deps.stripe.webhooks.constructEvent(request.body, signature, secret, SIGNATURE_TOLERANCE_S);
        } catch {
          request.log.warn('Stripe webhook with a bad signature refused');
          throw badRequest('The Stripe signature does not match.');
        }
        const problem = eventProblem(event);
        if (problem) {
          // Signed by Stripe yet unreadable: kept in the log to look into, and refused so Stripe shows it as failed.
          request.log.warn({ eventId: event?.id, eventType: event?.type, problem }, 'Stripe webhook event refused');
          throw badRequest(problem);
        }
        await handleEvent(deps, event);
        return reply.send({ received: true });
      },
    );
    registered();
  });
}
