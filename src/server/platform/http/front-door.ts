import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { copyFor, holdsCopy, type BuiltCopy, type BuiltFile } from './built-files';
import { writeRequestLine } from '../observability/logging';

/** The headers of one copy, as Node writes them: the copy's own, the security headers, its length. */
interface Answer {
  ok: string[];
  notModified: string[];
}

/** Where the request came from and which host it named, read as Fastify reads them under the same TRUST_PROXY. */
function clientAddressing(trustProxy: boolean | string) {
  if (!trustProxy) {
    return { ip: (req: IncomingMessage) => req.socket.remoteAddress, host: (req: IncomingMessage) => req.headers.host ?? '' };
  }
  const trusted = trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((address) => address.trim()));
  return {
    ip: (req: IncomingMessage) => proxyAddr.all(req, trusted).at(-1),
    host(req: IncomingMessage) {
      const forwarded = req.headers['x-forwarded-host'];
      // As Fastify: the last host a trusted proxy names, when the peer is one.
      if (typeof forwarded === 'string' && trusted(req.socket.remoteAddress ?? '', 0))
        return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
      return req.headers.host ?? '';
    },
  };
}

export interface FrontDoorOpening {
  /** The build's files by address, '/' answered as '/index.html'. */
  files: ReadonlyMap<string, BuiltFile>;
  securityHeaders: Readonly<Record<string, string>>;
  observe: (route: string, method: string, status: number, seconds: number) => void;
  trustProxy: boolean | string;
  nextRequestId: () => string;
}

/**
 * The built web app's files answered as the HTTP server receives their request, before Fastify
 * makes a request and reply of it and runs its hooks: a static server's work, for the files every
 * visitor loads (the page and its hashed scripts). Each answer is what Fastify's route for the file
 * answers (web-app.ts, the same copy and headers, built-files.ts) with the same security headers,
 * request line and metrics; it steps aside, leaving the request to Fastify, for any other method
 * or address, while the process is overloaded (the overload guard answers 503) and while it closes.
 */
export function createFrontDoor() {
  let open: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;

  /** Fastify's own HTTP/1 server with the same settings (fastify/lib/server.js), its requests first offered here. */
  const serverFactory: FastifyServerFactory = (handler, options) => {
    const listener: RequestListener = (req, res) => {
      if (!open?.(req, res)) handler(req, res);
    };
    // Fastify hands its options over with its defaults filled in.
    const setting = (name: string) => Number(options[name] ?? 0);
    const server = createServer((options.http as ServerOptions | undefined) ?? {}, listener);
    server.keepAliveTimeout = setting('keepAliveTimeout');
    server.requestTimeout = setting('requestTimeout');
    server.setTimeout(setting('connectionTimeout'));
    if (setting('maxRequestsPerSocket') > 0) server.maxRequestsPerSocket = setting('maxRequestsPerSocket');
    return server;
  };

  return {
    serverFactory,
    /** Starts answering the build's files, on a server built with serverFactory. */
    open(app: FastifyInstance, opening: FrontDoorOpening): void {
      const { files, securityHeaders, observe, nextRequestId } = opening;
      const client = clientAddressing(opening.trustProxy);
      const answers = new WeakMap<BuiltCopy, Answer>();
      const answerOf = (copy: BuiltCopy): Answer => {
        let answer = answers.get(copy);
        if (!answer) {
          const flat = (headers: Record<string, string>) => Object.entries({ ...securityHeaders, ...headers }).flat();
          answer = {
            ok: [...flat(copy.headers), 'content-length', String(copy.body.length)],
            notModified: flat(copy.notModifiedHeaders),
          };
          answers.set(copy, answer);
        }
        return answer;
      };
      let closing = false;
      app.addHook('preClose', (done) => {
        closing = true;
        done();
      });
      open = (req, res) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return false;
        const url = req.url ?? '';
        const query = url.indexOf('?');
        const path = query === -1 ? url : url.slice(0, query);
        const file = files.get(path === '/' ? '/index.html' : path);
        if (!file || closing || app.isUnderPressure()) return false;
        const start = performance.now();
        const copy = copyFor(file, req.headers['accept-encoding']);
        const answer = answerOf(copy);
        if (holdsCopy(req.headers['if-none-match'], copy)) {
          res.writeHead(304, answer.notModified).end();
        } else {
          // Node sends no body to HEAD, with the length of the one a GET would get.
          res.writeHead(200, answer.ok).end(copy.body);
        }
        res.once('finish', () => {
          const elapsedMs = performance.now() - start;
          observe(path, req.method!, res.statusCode, elapsedMs / 1000);
          writeRequestLine(app.log, {
            reqId: nextRequestId(),
            method: req.method!,
            url,
            host: client.host(req),
            remoteAddress: client.ip(req),
            statusCode: res.statusCode,
            responseTime: elapsedMs,
          });
        });
        return true;
      };
    },
  };
}
