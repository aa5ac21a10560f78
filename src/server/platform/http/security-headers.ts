import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the pages may load besides our own files: Stripe.js and its frames for card payment, the
 * Acuity frame for visit booking, Amplitude's HTTP API for analytics, contractor images from
 * their own sites. Nothing inline runs: the build emits script and style files only.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://app.acuityscheduling.com'],
  connectSrc: ["'self'", 'https://api.stripe.com', 'https://api2.amplitude.com'],
  imgSrc: ["'self'", 'data:', 'https:'],
  styleSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** The origin of the operator's tutorial videos, when they are elsewhere: the only media from outside. */
function mediaSources(tutorialVideoBase: string | null): string[] {
  return tutorialVideoBase && !tutorialVideoBase.startsWith('/') ? ["'self'", new URL(tutorialVideoBase).origin] : ["'self'"];
}

/**
 * The headers helmet sets for these options. They depend on nothing in a request, so helmet
 * writes them once, into a recorder, rather than on every request (@fastify/helmet rebuilt its
 * middleware, and parsed the policy again, for each one: 6 % of a profile of the report list).
 */
function securityHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  // Helmet reports bad options through its callback, at once: they fail the server's start.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('Helmet refused the security header options.');
  });
  return Object.freeze(headers);
}

/**
 * Security headers on every answer: pages, API calls and stored files alike. Answers them, for the
 * answers made before Fastify (front-door.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  tutorialVideoBase: string | null = null,
  storageOrigin: string | null = null,
): Readonly<Record<string, string>> {
  // With object storage, browsers PUT uploads to the bucket and load logos from it.
  const fromStore = storageOrigin ? [storageOrigin] : [];
  const https = publicUrl.startsWith('https:');
  const headers = securityHeadersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...fromStore],
        imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, ...fromStore],
        mediaSrc: mediaSources(tutorialVideoBase),
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Shared report links and signed file addresses carry secrets in their path: other sites see our origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers remember HSTS for the whole host, so it is sent only where the product is served over https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Stripe's 3-D Secure and the booking frame open cross-origin windows of their own.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  // Set before the route runs, so even an answer that fails or is refused carries them.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}
