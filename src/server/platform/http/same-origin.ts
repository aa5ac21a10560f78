import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for state-changing calls: browsers name the page that sent a request in
 * Sec-Fetch-Site and Origin, and neither can be forged by another site. A request from another
 * site is refused; non-browser clients send neither header and carry no ambient cookie.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new Set([new URL(publicUrl).origin]);
  const isCrossSite = (request: FastifyRequest): boolean => {
    if (SAFE_METHODS.has(request.method)) return false;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') return true;
    const origin = request.headers.origin;
    if (!origin) return false;
    const host = request.headers.host;
    const sameHost = host && (origin === `http://${host}` || origin === `https://${host}`);
    return !sameHost && !allowed.has(origin);
  };
  app.addHook('onRequest', (request, _reply, done) =>
    done(isCrossSite(request) ? forbidden('Cross-site requests are not allowed.') : undefined),
  );
}
