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

/** A request's query and body as its call's schemas read them. */
interface Parsed {
  query: unknown;
  body: unknown;
}

interface Variant {
  call: CallDef;
  /** Answers the request, at once or later; its query and body come already read when choosing the variant read them. */
  run: (request: FastifyRequest, reply: FastifyReply, parsed?: Parsed) => unknown;
}

/**
 * Two calls of the contract may share a method and path, told apart by their query
 * (resetpassword?precheck=yes, reports?mode=demo) or by a field of their body
 * (sharedreportprepayment's stage): each path is registered once and the first variant whose
 * query and body schemas accept the request answers it; when none does, the first whose query
 * fits reports what is wrong (chosenVariant says which). Register the narrower one first.
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
    // Fastify reads no body of a GET: @fastify/compress's hook to inflate one would run for nothing on every list call.
    ...(call.method === 'GET' ? { decompress: false as const } : {}),
    ...(options.perMinute ? { config: { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } } } : {}),
    handler: (request, reply) => {
      if (variants.length === 1) return variants[0].run(request, reply);
      const { variant, parsed } = chosenVariant(variants, request);
      return variant.run(request, reply, parsed);
    },
  });
}

/**
 * The first variant whose query and body fit the request, with them as it read them (the report
 * list, asked on every call, is not read twice), else the first whose query fits, else the one
 * the request meant, so its complaint names what the caller got wrong: the first whose query
 * faults only the values of parameters the request sent, none of them a flag that tells the
 * variants apart (a literal or a choice, as mode=demo). `?mode=preliminary&page=2147483648` is
 * a bad page of the list, not a wrong mode of the sample reports. One pass with no function made
 * per request.
 */
function chosenVariant(variants: Variant[], request: FastifyRequest): { variant: Variant; parsed?: Parsed } {
  let queryOnly: Variant | undefined;
  let meant: Variant | undefined;
  let aboutWhatWasSent: Variant | undefined;
  const sent = (request.query ?? {}) as Record<string, unknown>;
  for (const variant of variants) {
    const query = variant.call.query.safeParse(sent);
    if (!query.success) {
      const { issues } = query.error;
      if (issues.every((issue) => issue.path.length > 0 && Object.hasOwn(sent, issue.path[0]))) {
        aboutWhatWasSent ??= variant;
        if (!issues.some((issue) => issue.code === 'invalid_value')) meant ??= variant;
      }
      continue;
    }
    if (variant.call.method !== 'POST') return { variant, parsed: { query: query.data, body: {} } };
    const body = variant.call.request.safeParse(request.body ?? {});
    if (body.success) return { variant, parsed: { query: query.data, body: body.data } };
    queryOnly ??= variant;
  }
  return { variant: queryOnly ?? meant ?? aboutWhatWasSent ?? variants[variants.length - 1] };
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as Partial<Promise<T>>)?.then === 'function';

/**
 * Runs the handler and sends its answer. What throws, at once or later, goes to the error handler
 * alike (Fastify answers a thrown error as it answers a rejected promise); an answer made at once
 * (ping, a kept page of a list) goes out with no promise made for it.
 */
function makeRun<C extends CallDef, U>(call: C, handler: Handler<C, U>, userOf: (r: FastifyRequest) => U, checkResponses: boolean) {
  const answer = (request: FastifyRequest, reply: FastifyReply, result: Answer<C>) => {
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
  return (request: FastifyRequest, reply: FastifyReply, parsed?: Parsed) => {
    const user = userOf(request);
    const query = parsed ? parsed.query : call.query.parse(request.query ?? {});
    const body = parsed ? parsed.body : call.method === 'POST' ? call.request.parse(request.body ?? {}) : {};
    const result = handler({ body, query, user, request, reply } as CallContext<C, U>);
    return isPromise(result) ? result.then((settled) => answer(request, reply, settled)) : answer(request, reply, result);
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
