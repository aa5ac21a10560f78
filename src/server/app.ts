import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { join } from 'node:path';
import type { Config } from './platform/config/config';
import type { Deps } from './deps';
import { createDb, logDatabaseTo, type Db } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { registerErrorHandler, sendNotFound } from './platform/http/error-handler';
import { registerCompression } from './platform/http/compression';
import { registerJsonOnly } from './platform/http/json-only';
import { registerControlCharacterCheck } from './platform/http/control-characters';
import { LOG_REDACT, OneLineRequestLog, requestForLog, requestIds, requestLoggerOnDemand } from './platform/observability/logging';
import { createFrontDoor } from './platform/http/front-door';
import { registerSameOriginCheck } from './platform/http/same-origin';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerOverloadGuard } from './platform/http/overload';
import { registerRateLimits } from './platform/http/rate-limits';
import { registerSessions, sessionStore } from './platform/http/sessions';
import { routeFactory } from './platform/http/route';
import { createMailer } from './platform/email/mailer';
import { startRealtime } from './platform/realtime/realtime';
import { connectRedis } from './platform/db/redis';
import { tokenHasher } from './platform/security/tokens';
import { createFileStorage } from './platform/storage/create-storage';
import { fileUrlSigner } from './platform/storage/signed-urls';
import { createJobQueue } from './platform/jobs/queue';
import { createRenderPool } from './pdf/render-pool/render-pool';
import { createLogoConverter } from './platform/images/logo-converter';
import { createMetrics } from './platform/observability/metrics';
import { registerPolicyMetric } from './messages/policies';
import { healthRoute, readinessRoute } from './readiness';
import { registerWebApp } from './platform/http/web-app';
import { accessRoutes } from './access/routes';
import { accountRoutes } from './account/routes';
import { messageRoutes } from './messages/routes';
import { registerPublicPages } from './messages/public-pages';
import { settingsRoutes } from './account/settings-routes';
import { brandingRoutes } from './account/branding-routes';
import { uploadRoutes } from './uploads/routes';
import { reportRoutes } from './reports/routes';
import { fileRoutes } from './platform/http/file-routes';
import { reportPdfFileRule } from './reports/pdf-filename';
import { sharedReportRoutes } from './sharing/routes';
import { contractorRoutes } from './contractors/routes';
import { createStripeClient } from './pricing/stripe-client';
import { paymentRoutes, registerStripeWebhook } from './payments/routes';
import { premiumRoutes } from './premium/routes';
import { earningsRoutes } from './earnings/routes';
import { portfolioRoutes } from './portfolios/routes';
import { portfolioExportRoutes } from './portfolios/exports/routes';
import { registerImportRoutes } from './portfolios/register-import/routes';
import { registerAllJobs } from './jobs';
import { RENDER_REPORT } from './reports/render-report';
import { RENDER_PREMIUM } from './premium/render-job';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface BuildOptions {
  db?: Db;
  /** Where the log goes and from which level (tests read it); the redaction applies whatever the destination. */
  log?: { stream: { write(msg: string): void }; level?: string };
  /** Where this installation's rate-limit counters live in a shared Redis (tests keep theirs apart). */
  rateLimitPrefix?: string;
  /**
   * How long the event loop may lag before requests are turned away with 503. Tests sharing a busy
   * machine raise it: there a lag is the machine's, not the server's (the guard has its own test).
   */
  maxEventLoopDelayMs?: number;
  /**
   * all: serves and runs jobs (npm start). web: serves, leaves jobs to workers. worker: runs
   * jobs; its HTTP port answers only health, readiness and metrics to the operator.
   */
  role?: ProcessRole;
}

export type ProcessRole = 'all' | 'web' | 'worker';

/** Jobs other than renders run at once (emails, postcode look-ups, refunds, the daily sweeps): mostly waits on another service. */
const OTHER_JOBS_AT_ONCE = 4;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const role = opts.role ?? 'all';
  const frontDoor = createFrontDoor();
  const nextRequestId = requestIds();
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    genReqId: nextRequestId,
    logger: {
      level: opts.log?.level ?? config.logLevel,
      redact: LOG_REDACT,
      serializers: { req: requestForLog },
      ...(opts.log ? { stream: opts.log.stream } : {}),
    },
    logController: new OneLineRequestLog(),
    childLoggerFactory: requestLoggerOnDemand,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The API's own description writes some calls with a trailing slash (userbrandings/, reports/?mode=…): both spellings answer.
    routerOptions: { ignoreTrailingSlash: true },
  });

  const db = opts.db ?? createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  logDatabaseTo(db, app.log);
  await migrateToLatest(db);
  const hash = tokenHasher(config.sessionSecret);
  const sessions = sessionStore(db, hash);
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  const realtime = await startRealtime({
    server: role === 'worker' ? null : app.server,
    sessions,
    publicUrl: config.publicUrl,
    redis,
    log: app.log,
  });
  const fileUrls = fileUrlSigner(`${config.sessionSecret}:files`);
  const storage = createFileStorage(config, fileUrls);
  const renders = createRenderPool(undefined, { warn: (message) => app.log.warn(message) });
  const logos = createLogoConverter();
  const metrics = createMetrics();
  const jobs = createJobQueue(db, app.log, {
    // Renders in a lane of their own, two per render thread unless the operator sets
    // WORKER_CONCURRENCY: while one job's report is read and its finished PDF stored, the other's is
    // drawn, so no thread waits, and no more are claimed than the threads draw (the rest stay queued
    // for any process to take). Other jobs, an email someone waits for, never queue behind them.
    lanes: [{ kinds: [RENDER_REPORT.kind, RENDER_PREMIUM.kind], concurrency: config.workerConcurrency ?? renders.size * 2 }],
    concurrency: config.workerConcurrency ?? OTHER_JOBS_AT_ONCE,
    staleMs: config.jobStaleMs,
    onJobDone: (kind, seconds, outcome) => metrics.jobDone(kind, seconds, outcome),
  });
  const mailer = createMailer(jobs, {
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir, 'outbox'),
    from: config.mailFrom,
    log: app.log,
  });
  const stripe = createStripeClient(config.stripe);
  app.decorate('deps', { config, db, mailer, sessions, realtime, hash, storage, fileUrls, jobs, renders, logos, stripe, log: app.log });
  let closing = false;
  // Shutting down: readiness fails at once, running jobs finish within the grace period, and the
  // sockets close so their clients reconnect to another process.
  app.addHook('preClose', async () => {
    closing = true;
    await jobs.stop(config.shutdownGraceMs);
    await renders.close();
    await logos.close();
    await realtime.close();
  });
  app.addHook('onClose', async () => db.destroy());
  app.addHook('onClose', async () => redis?.close());

  // Every answer, built files included: security headers, the overload guard, errors, metrics.
  const securityHeaders = registerSecurityHeaders(app, config.publicUrl, config.tutorialVideoBase, storage.browserOrigin);
  await registerOverloadGuard(app, opts.maxEventLoopDelayMs);
  registerErrorHandler(app);
  metrics.register(app, { db, realtime }, config.metricsToken);
  registerPolicyMetric(metrics.registry, db);

  /*
   * The answers the server makes per request (calls, pages written from the database, stored
   * files) in a scope of their own: only they read bodies and cookies, act for a session, refuse
   * cross-site writes and compress. The built web app answers outside it, with none of that work
   * (a quarter of the cost of sending index.html).
   */
  await app.register(async (dynamic) => {
    registerJsonOnly(dynamic);
    registerControlCharacterCheck(dynamic);
    await dynamic.register(cookie);
    await registerRateLimits(dynamic, { redis: redis?.commands ?? null, keyPrefix: opts.rateLimitPrefix });
    await registerCompression(dynamic);
    registerSessions(dynamic, sessions, config.publicUrl.startsWith('https:'));
    registerSameOriginCheck(dynamic, config.publicUrl);

    const routes = routeFactory(dynamic, { checkResponses: config.env === 'test' });
    healthRoute(routes, app.deps);
    readinessRoute(routes, app.deps, () => closing);
    // A worker's port is the operator's: it answers whether the process is alive and ready, and nothing a user calls.
    if (role === 'worker') return;
    accessRoutes(routes, app.deps);
    accountRoutes(routes, app.deps);
    messageRoutes(routes, app.deps);
    settingsRoutes(routes, app.deps);
    brandingRoutes(routes, app.deps);
    uploadRoutes(dynamic, routes, app.deps);
    reportRoutes(routes, app.deps);
    fileRoutes(dynamic, { storage, fileUrls, rules: [reportPdfFileRule(db)] });
    sharedReportRoutes(routes, app.deps);
    contractorRoutes(routes, app.deps);
    paymentRoutes(routes, app.deps);
    premiumRoutes(routes, app.deps);
    earningsRoutes(routes, app.deps);
    portfolioRoutes(routes, app.deps);
    portfolioExportRoutes(dynamic, app.deps);
    registerImportRoutes(dynamic, app.deps);
    await registerStripeWebhook(dynamic, app.deps);
    registerPublicPages(dynamic, app.deps);
  });
  // Every role registers the handlers (and books the daily jobs), as before; only 'web' leaves running them to the workers.
  await registerAllJobs(app.deps);
  if (role !== 'web') jobs.start();
  if (role === 'worker') {
    // No web app: every other path answers the API's JSON 404.
    app.setNotFoundHandler(sendNotFound);
    return app;
  }

  const files = await registerWebApp(app, config);
  // The files every visitor loads, answered before Fastify's request handling (front-door.ts).
  frontDoor.open(app, { files, securityHeaders, observe: metrics.observeRequest, trustProxy: config.trustProxy, nextRequestId });
  return app;
}
