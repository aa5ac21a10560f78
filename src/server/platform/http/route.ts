import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallDef } from '../../../shared/api/define';
import { unauthorised } from './http-error';
import { ROLE_REVOKED, type SessionUser } from './sessions';
import { describeZodError } from './zod-message';
import { KeptAnswer } from './kept-answer';

interface CallContext<C extends CallDef, U> {
  body: z.output<C['request']>;
  query: z.output<C['query']>;
  user: U;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler answers at once or later: handlers with nothing to wait for need not be async. An
 * answer it keeps to send again (a page of a list) comes as a KeptAnswer, sent as it was kept.
 */
type Answer<C extends CallDef> = z.input<C['response']> | KeptAnswer<z.input<C['response']>>;
type Handler<C extends CallDef, U> = (ctx: CallContext<C, U>) => Promise<Answer<C>> | Answer<C>;

interface RouteOptions {
  /** Requests per minute from one address, for calls that guess at secrets (login, sign-up, recovery). */
  perMinute?: number;
}

interface Variant {
  call: CallDef;
  run: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/**
 * Two calls of the contract may share a method and path, told apart by their query
 * (resetpassword?precheck=yes, reports?mode=demo) or by a field of their body
 * (sharedreportprepayment's stage): each path is registered once and the first variant whose
 * query and body schemas accept the request answers it; when none does, the first whose query
 * fits reports what is wrong. Register the narrower one first.
 */
const variantsByRoute = new WeakMap<FastifyInstance, Map<string, Variant[]>>();

function register(app: FastifyInstance, call: CallDef, options: RouteOptions, variant: Variant): void {
  const routes = variantsByRoute.get(app) ?? new Map<string, Variant[]>();
  variantsByRoute.set(app, routes);
  const key = `${call.method} ${call.path}`;
  const existing = routes.get(key);
  if (existing) {
    existing.push(variant);
    return;
  }
  const variants = [variant];
  routes.set(key, variants);
  app.route({
    method: call.method,
    url: call.path,
    ...(options.perMinute ? { config: { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } } } : {}),
    handler: async (request, reply) => {
      if (variants.length === 1) return variants[0].run(request, reply);
      return chosenVariant(variants, request).run(request, reply);
    },
  });
}

/**
 * The first variant whose query and body fit the request, else the first whose query fits, else
 * the last. One pass with no function made per request: the report list asks on every call.
 */
function chosenVariant(variants: Variant[], request: FastifyRequest): Variant {
  let queryOnly: Variant | undefined;
  for (const variant of variants) {
    if (!variant.call.query.safeParse(request.query ?? {}).success) continue;
    if (variant.call.method !== 'POST' || variant.call.request.safeParse(request.body ?? {}).success) return variant;
    queryOnly ??= variant;
  }
  return queryOnly ?? variants[variants.length - 1];
}

function makeRun<C extends CallDef, U>(call: C, handler: Handler<C, U>, userOf: (r: FastifyRequest) => U, checkResponses: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = userOf(request);
    const query = call.query.parse(request.query ?? {});
    const body = call.method === 'POST' ? call.request.parse(request.body ?? {}) : {};
    const result = await handler({ body, query, user, request, reply } as CallContext<C, U>);
    const kept = result instanceof KeptAnswer;
    // Tests check every answer against the contract, so a drift between the sides fails loudly:
    // as the server's error (500), not as a ZodError the error handler would blame on the request.
    if (checkResponses) {
      const checked = call.response.safeParse(kept ? result.value : result);
      if (!checked.success)
        throw new Error(`The answer of ${call.method} ${call.path} breaks the contract: ${describeZodError(checked.error)}`);
      if (!kept) return checked.data;
    }
    return kept ? result.send(request, reply) : result;
  };
}

export function routeFactory(app: FastifyInstance, opts: { checkResponses: boolean }) {
  return {
    /** A call anyone may make; ctx.user is the session's user or null. */
    publicCall<C extends CallDef>(call: C, handler: Handler<C, SessionUser | null>, options: RouteOptions = {}) {
      register(app, call, options, { call, run: makeRun(call, handler, (r) => r.user, opts.checkResponses) });
    },
    /** A call of a logged-in user; anyone else gets a 401 before the body is read. */
    userCall<C extends CallDef>(call: C, handler: Handler<C, SessionUser>, options: RouteOptions = {}) {
      const userOf = (r: FastifyRequest) => {
        if (!r.user) throw unauthorised(r.sessionRevoked ? ROLE_REVOKED : undefined);
        return r.user;
      };
      register(app, call, options, { call, run: makeRun(call, handler, userOf, opts.checkResponses) });
    },
  };
}
export type Routes = ReturnType<typeof routeFactory>;
