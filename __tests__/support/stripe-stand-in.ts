import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the server uses (PaymentIntents, refunds), answering with
 * Stripe's shapes and errors, so the official SDK can be pointed at it (STRIPE_API_BASE) in tests.
 * Events are signed with the SDK's own test helper, as Stripe signs its webhooks.
 */

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  cancellation_reason: string | null;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  description: string | null;
  latest_charge: string | null;
  last_payment_error: { message: string; code: string; type: string } | null;
  created: number;
  livemode: false;
  payment_method_types: string[];
}

export interface SignedEvent {
  payload: string;
  header: string;
  id: string;
  type: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  paymentIntent(id: string): PaymentIntent | undefined;
  paymentIntents(): PaymentIntent[];
  requests(): RecordedRequest[];
  /**
   * Where the stand-in delivers its events when a payment is confirmed through its API (as Stripe
   * delivers to a webhook endpoint); unset, events are only returned to the test that caused them.
   */
  deliverEventsTo(url: string | null): void;
  succeed(id: string): SignedEvent;
  fail(id: string, message?: string): SignedEvent;
  /** The event Stripe sends for a full refund of the intent's charge (a refund made in the dashboard). */
  refund(id: string): SignedEvent;
  /** Intents refunded through the API (POST /v1/refunds). */
  refundedIntents(): string[];
  event(type: string, object: object, opts?: { secret?: string; timestamp?: number }): SignedEvent;
  close(): Promise<void>;
}

const token = (n = 12) => randomBytes(n).toString('hex');
const signer = new Stripe('sk_test_signer');

/** Stripe's form encoding, `payment_method_data[card][number]=4242…`, back into nested objects. */
function unflatten(form: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const open = key.indexOf('[');
    const path = open < 0 ? [key] : [key.slice(0, open), ...key.slice(open + 1, -1).split('][')];
    let target = out;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path[path.length - 1]] = value;
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token(6)}`, ...headers });
  res.end(JSON.stringify(body));
}

/** The card number that the stand-in declines, as Stripe's test card 4000 0000 0000 0002 is declined. */
export const DECLINED_CARD = '4000000000000002';

const invalid = (message: string, extra: object = {}) => ({ error: { type: 'invalid_request_error', message, ...extra } });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = 'sk_test_standin';
  const publishableKey = 'pk_test_standin';
  const webhookSecret = 'whsec_standin';
  const intents = new Map<string, PaymentIntent>();
  const byIdempotencyKey = new Map<string, { params: string; id: string }>();
  const recorded: RecordedRequest[] = [];
  const refundsByKey = new Map<string, object>();
  const refundedIntents = new Set<string>();

  const copy = (pi: PaymentIntent): PaymentIntent => structuredClone(pi);

  let eventsUrl: string | null = null;
  /** Like Stripe, a delivery the endpoint refuses is not retried here; the test sees the endpoint's answer in its log. */
  const deliver = async (event: SignedEvent) => {
    if (!eventsUrl) return;
    await fetch(eventsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
      body: event.payload,
    }).catch(() => undefined);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const params = unflatten(new URLSearchParams(req.method === 'GET' ? url.search : body));
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    recorded.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, params });
    // Stripe.js confirms in the browser with the publishable key; everything else needs the secret one.
    const browserConfirm = req.method === 'POST' && /\/confirm$/.test(url.pathname) && params.key === publishableKey;
    if (!browserConfirm && req.headers.authorization !== `Bearer ${secretKey}`)
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (idempotencyKey) {
        const earlier = byIdempotencyKey.get(idempotencyKey);
        if (earlier && earlier.params !== body)
          return send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        if (earlier) return send(res, 200, intents.get(earlier.id), { 'idempotent-replayed': 'true' });
      }
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) return send(res, 400, invalid('Invalid integer: amount', { param: 'amount' }));
      const id = `pi_${token()}`;
      const pi: PaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: typeof params.currency === 'string' ? params.currency.toLowerCase() : '',
        status: 'requires_payment_method',
        cancellation_reason: null,
        client_secret: `${id}_secret_${token()}`,
        metadata: (params.metadata as Record<string, string>) ?? {},
        receipt_email: (params.receipt_email as string) ?? null,
        description: (params.description as string) ?? null,
        latest_charge: null,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        payment_method_types: ['card'],
      };
      intents.set(id, pi);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, { params: body, id });
      return send(res, 200, pi);
    }

    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      // A full refund of a succeeded intent, once per idempotency key, as Stripe refunds.
      const pi = intents.get(String(params.payment_intent));
      if (!pi) return send(res, 404, invalid(`No such payment_intent: '${String(params.payment_intent)}'`, { code: 'resource_missing' }));
      const earlier = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (earlier) return send(res, 200, earlier, { 'idempotent-replayed': 'true' });
      if (pi.status !== 'succeeded' || refundedIntents.has(pi.id))
        return send(res, 400, invalid(`Charge ${pi.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' }));
      refundedIntents.add(pi.id);
      const refund = {
        id: `re_${token()}`,
        object: 'refund',
        amount: pi.amount,
        payment_intent: pi.id,
        status: 'succeeded',
        metadata: params.metadata ?? {},
      };
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      void deliver(refunded(pi.id));
      return send(res, 200, refund);
    }

    const action = /^\/v1\/payment_intents\/([\w-]+)\/(confirm|cancel)$/.exec(url.pathname);
    if (action && req.method === 'POST') {
      const pi = intents.get(action[1]);
      if (!pi) return send(res, 404, invalid(`No such payment_intent: '${action[1]}'`, { code: 'resource_missing', param: 'intent' }));
      if (action[2] === 'cancel') {
        if (pi.status === 'succeeded' || pi.status === 'canceled')
          return send(
            res,
            400,
            invalid(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, {
              code: 'payment_intent_unexpected_state',
            }),
          );
        Object.assign(pi, { status: 'canceled', cancellation_reason: (params.cancellation_reason as string) ?? 'requested_by_customer' });
        return send(res, 200, pi);
      }
      // Confirming is what Stripe.js does in the browser with the publishable key and the client secret.
      if (params.client_secret !== pi.client_secret) return send(res, 400, invalid('The client_secret provided does not match.'));
      if (pi.status !== 'requires_payment_method') return send(res, 400, invalid(`This PaymentIntent's status is ${pi.status}.`));
      const paymentMethod = (params.payment_method_data ?? {}) as { card?: { number?: string } };
      const card = (paymentMethod.card?.number ?? '').replace(/\s/g, '');
      if (card === DECLINED_CARD) {
        void deliver(fail(pi.id));
        return send(res, 402, {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: copy(pi) },
        });
      }
      void deliver(succeed(pi.id));
      return send(res, 200, pi);
    }

    const match = /^\/v1\/payment_intents\/([\w-]+)$/.exec(url.pathname);
    if (match) {
      const pi = intents.get(match[1]);
      if (!pi) return send(res, 404, invalid(`No such payment_intent: '${match[1]}'`, { code: 'resource_missing', param: 'intent' }));
      if (req.method === 'GET') return send(res, 200, pi);
      if (req.method === 'POST') {
        if (params.metadata) pi.metadata = { ...pi.metadata, ...(params.metadata as Record<string, string>) };
        if (typeof params.receipt_email === 'string') pi.receipt_email = params.receipt_email;
        if (typeof params.description === 'string') pi.description = params.description;
        if (params.amount !== undefined && pi.status !== 'succeeded') pi.amount = Number(params.amount);
        return send(res, 200, pi);
      }
    }
    return send(res, 404, invalid(`Unrecognized request URL (${req.method}: ${url.pathname}).`));
  };

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  const event = (type: string, object: object, opts: { secret?: string; timestamp?: number } = {}): SignedEvent => {
    const id = `evt_${token()}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
    });
    return { payload, header, id, type };
  };
  const known = (id: string) => {
    const pi = intents.get(id);
    if (!pi) throw new Error(`stand-in: no payment intent ${id}`);
    return pi;
  };

  function succeed(id: string): SignedEvent {
    const pi = known(id);
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      latest_charge: pi.latest_charge ?? `ch_${token()}`,
      last_payment_error: null,
    });
    return event('payment_intent.succeeded', copy(pi));
  }
  function refunded(id: string): SignedEvent {
    const pi = known(id);
    return event('charge.refunded', {
      id: pi.latest_charge,
      object: 'charge',
      payment_intent: pi.id,
      amount: pi.amount,
      amount_refunded: pi.amount,
      refunded: true,
      currency: pi.currency,
    });
  }
  function fail(id: string, message = 'Your card was declined.'): SignedEvent {
    const pi = known(id);
    Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { message, code: 'card_declined', type: 'card_error' } });
    return event('payment_intent.payment_failed', copy(pi));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    publishableKey,
    webhookSecret,
    paymentIntent: (id) => (intents.has(id) ? copy(intents.get(id)!) : undefined),
    paymentIntents: () => [...intents.values()].map(copy),
    requests: () => structuredClone(recorded),
    deliverEventsTo: (url) => {
      eventsUrl = url;
    },
    succeed,
    fail,
    refund: refunded,
    refundedIntents: () => [...refundedIntents],
    event,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
