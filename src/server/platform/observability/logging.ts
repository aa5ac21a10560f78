import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';

/** Loggers never see secrets: cookies, passwords and codes are redacted wherever they appear. */
export const LOG_REDACT = [
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.passwordConfirm',
  '*.code',
  '*.token',
  '*.upload_to',
  '*.pdfUrl',
  '*.report_url',
  '*.premium_url',
  '*.preliminary_url',
  // Card payment: a client secret completes or reads a payment; Stripe's signature header is the webhook's proof.
  '*.client_secret',
  '*.pi_secret',
  '*.cs',
  '*.payment_intent_client_secret',
  'req.headers["stripe-signature"]',
];

/**
 * App links carry secrets in their path (/confirm/{code}, /resetpassword/{email}/{code}) and the
 * card provider's client secret in the query of /paymentComplete: outside /api/ the log keeps
 * the route only. Upload addresses and signed file addresses are secrets too.
 */
function loggableUrl(url: string): string {
  // An upload address is its token; a file address is signed in its query: either works for anyone holding it.
  if (url.startsWith('/api/uploads/')) return '/api/uploads/[redacted]';
  if (url.startsWith('/api/files/')) return `${url.split('?')[0]}?[signature redacted]`;
  if (url.startsWith('/api/')) return url;
  return url.split('?')[0].replace(/^\/(confirm|resetpassword)\/.*/, '/$1/[redacted]');
}

export const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: loggableUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

/** What a request's line in the log says: what was asked, by which address, the status and how long it took. */
export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  host: string;
  remoteAddress: string | undefined;
  statusCode: number;
  responseTime: number;
}

const unredactedLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

/**
 * Writes a request's line. Its address goes through loggableUrl, the one place a request's secret
 * can be, and its other fields are ours, so the line skips LOG_REDACT's search for secrets: that
 * search cost 16 µs a line, twenty times the line itself.
 */
export function writeRequestLine(root: FastifyBaseLogger, line: RequestLine): void {
  let log = unredactedLoggers.get(root);
  if (!log) unredactedLoggers.set(root, (log = root.child({}, { redact: { paths: [] } })));
  log.info(
    {
      reqId: line.reqId,
      method: line.method,
      url: loggableUrl(line.url),
      host: line.host,
      remoteAddress: line.remoteAddress,
      statusCode: line.statusCode,
      responseTime: Math.round(line.responseTime * 10) / 10,
    },
    'request completed',
  );
}

/** Request ids, one sequence per server whichever way a request is answered (Fastify's genReqId, front-door.ts). */
export function requestIds(): () => string {
  let next = 0;
  return () => `req-${(next++).toString(36)}`;
}

/**
 * One line per request instead of Fastify's two (in, out), written once the answer is sent
 * (writeRequestLine). Errors are logged as Fastify logs them, redacted.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    writeRequestLine(request.server.log, {
      reqId: request.id,
      method: request.method,
      url: request.url,
      host: request.host,
      remoteAddress: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    });
  }
}

/**
 * A request's own logger, made the first time the request logs through it (an error, an aborted
 * request): Fastify makes one per request, and a child of the redacting logger costs 3 µs to
 * make, while most requests log nothing but the request line, which OneLineRequestLog writes.
 */
class RequestLoggerOnDemand implements FastifyBaseLogger {
  #made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get #logger(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }

  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent', args: unknown[]): void {
    const logger = this.#logger;
    Reflect.apply(logger[level], logger, args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(...args: unknown[]): void {
    this.#log('silent', args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: each request's logger is made on demand. */
export const requestLoggerOnDemand = (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new RequestLoggerOnDemand(parent, bindings, options);
